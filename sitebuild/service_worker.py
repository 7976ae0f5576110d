"""The service worker, sw.js: its template filled with a cache name and the list of every
other file of dist/ to precache, each with its Subresource Integrity digest."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from sitebuild.page import APP_NAME
from sitebuild.project import ROOT

TEMPLATE = ROOT / "assets" / "sw.template.js"


def service_worker(dist: Path) -> str:
    """sw.js: the template filled with a cache name and a precache list of [url, integrity]."""
    entries = [[path.relative_to(dist).as_posix(), integrity(path.read_bytes())]
               for path in sorted(dist.rglob("*")) if path.is_file() and path.name != "sw.js"]
    version = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    template = TEMPLATE.read_text(encoding="utf-8")
    return (template.replace("__CACHE_NAME__", f"{APP_NAME}-{version}")
            .replace("__PRECACHE__", json.dumps(entries, indent=1)))


def integrity(data: bytes) -> str:
    """A Subresource Integrity string (the service worker passes it to fetch())."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
