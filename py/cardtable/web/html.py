"""Tiny helpers to write escaped HTML. Every text and attribute goes through :func:`esc`."""

from __future__ import annotations


def esc(value) -> str:
    """``value`` as text safe inside an element or a quoted attribute: the same text as the
    standard library's ``html.escape(str(value), quote=True)``.

    Not that function itself: importing the ``html`` module loads ``html.entities``, the
    table of every named character reference, which the page never needs and which was the
    slowest single import of its start under Pyodide (``bench/startup.py``)."""
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def attrs(**values) -> str:
    """Attributes from keywords: ``data_card=3`` → ``data-card="3"``; ``True`` → bare name;
    ``None``/``False`` → left out. A trailing underscore is dropped (``class_``)."""
    parts = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    return (" " + " ".join(parts)) if parts else ""


def button(label: str, action: str, *, html_label: str | None = None, **extra) -> str:
    """A ``<button>`` with ``data-action`` and data attributes (the automation contract)."""
    inner = html_label if html_label is not None else esc(label)
    return f'<button type="button"{attrs(data_action=action, **extra)}>{inner}</button>'
