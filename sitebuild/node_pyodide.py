"""Runs Python under the Pyodide that the page runs (npm's, in Node): a program of
sitebuild/programs/ by its path, or a test's few lines."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import tempfile
from pathlib import Path

from sitebuild.project import ROOT

RUNNER = Path(__file__).with_name("node_pyodide.mjs")
MOUNT_POINT = "/project"  # where Pyodide sees the folder that run_in_pyodide mounts


# Where the build keeps the output of its runs (see run_in_pyodide's ``cached``); None: no
# keeping (the test that compiles again to compare with the built site sets it so).
CACHE: Path | None = ROOT / ".cache" / "pyodide-runs"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide" / "package.json"


def run_in_pyodide(script: Path, given=None, mount: Path | None = None,
                   timeout: float = 300, cached: bool = False) -> str:
    """Run the Python file ``script`` under Pyodide in Node (see node_pyodide.mjs), with
    ``given`` as JSON on its standard input and ``mount`` at MOUNT_POINT on its sys.path: what
    it prints, then the value of its last expression (if any). RuntimeError if it fails.

    ``cached``: the build's programs are pure functions of their folder's files, ``given``,
    the mounted folder's path and the Pyodide release, so their output is kept in
    :data:`CACHE` under a digest of those and read back the next time (a second build of
    the same sources, such as the tests' pseudo-language site, compiles nothing)."""
    stdin = "" if given is None else json.dumps(given)
    kept = _kept_output(script, stdin, mount) if cached and CACHE else None
    if kept and kept.exists():
        return kept.read_text(encoding="utf-8")
    command = ["node", str(RUNNER), str(script), *([str(mount)] if mount else [])]
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT,
                            timeout=timeout)
    if result.returncode:
        raise RuntimeError(f"Pyodide under Node failed:\n{result.stderr}")
    if kept:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(result.stdout, encoding="utf-8")
        partial.replace(kept)  # whole or not at all, whoever writes it at the same time
    return result.stdout


def _kept_output(script: Path, stdin: str, mount: Path | None) -> Path:
    digest = hashlib.sha256()
    programs = [path.read_bytes() for path in sorted(script.parent.glob("*.py"))]
    for part in (str(script.name).encode(), *programs, stdin.encode(), str(mount).encode(),
                 PYODIDE_PACKAGE.read_bytes(), RUNNER.read_bytes()):
        digest.update(hashlib.sha256(part).digest())
    return CACHE / f"{script.stem}-{digest.hexdigest()[:32]}.out"


def run_code_in_pyodide(code: str, mount: Path | None = None) -> str:
    """:func:`run_in_pyodide` of the Python ``code`` (a test's probe), written to a file."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", encoding="utf-8") as script:
        script.write(code)
        script.flush()
        return run_in_pyodide(Path(script.name), mount=mount)
