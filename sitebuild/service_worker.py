"""The service worker, sw.js: its template filled with a cache name, the list of every
other file of dist/ to precache, and the files it stores only once the page first asks for
them (ON_DEMAND), each with its Subresource Integrity digest."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from sitebuild.page import APP_NAME
from sitebuild.project import ROOT

TEMPLATE = ROOT / "assets" / "sw.template.js"
# Files a first visit does not download: the relay client, which only a player who plays
# across the internet needs (and then the network is there anyway). The worker checks and
# stores each the first time the page fetches it, for the next visit.
ON_DEMAND = ("vendor/mqtt.esm.js", "vendor/mqtt.LICENSE.md")


def service_worker(dist: Path) -> str:
    """sw.js: the template filled with a cache name, the precache list of [url, integrity]
    and the list of the same form of the files stored on demand."""
    entries = [[path.relative_to(dist).as_posix(), integrity(path.read_bytes())]
               for path in sorted(dist.rglob("*")) if path.is_file() and path.name != "sw.js"]
    version = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    precache = [entry for entry in entries if entry[0] not in ON_DEMAND]
    on_demand = [entry for entry in entries if entry[0] in ON_DEMAND]
    template = TEMPLATE.read_text(encoding="utf-8")
    return (template.replace("__CACHE_NAME__", f"{APP_NAME}-{version}")
            .replace("__PRECACHE__", json.dumps(precache, indent=1))
            .replace("__ON_DEMAND__", json.dumps(on_demand, indent=1)))


def integrity(data: bytes) -> str:
    """A Subresource Integrity string (the service worker passes it to fetch())."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
