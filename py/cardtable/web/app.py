"""The glue between the page and the pure UI modules (the only place that touches js)."""

from __future__ import annotations

from .render import shell_html


def start() -> None:
    """Boot the UI into ``<div id="app">``; mark ``<html data-app="ready">`` when interactive."""
    import js

    root = js.document.getElementById("app")
    root.innerHTML = shell_html()
    js.document.documentElement.dataset.app = "ready"
