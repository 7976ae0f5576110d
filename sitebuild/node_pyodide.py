"""Runs Python under the Pyodide that the page runs (npm's, in Node): a program of
sitebuild/programs/ by its path, or a test's few lines."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from sitebuild.project import ROOT

RUNNER = Path(__file__).with_name("node_pyodide.mjs")
MOUNT_POINT = "/project"  # where Pyodide sees the folder that run_in_pyodide mounts


def run_in_pyodide(script: Path, given=None, mount: Path | None = None,
                   timeout: float = 300) -> str:
    """Run the Python file ``script`` under Pyodide in Node (see node_pyodide.mjs), with
    ``given`` as JSON on its standard input and ``mount`` at MOUNT_POINT on its sys.path: what
    it prints, then the value of its last expression (if any). RuntimeError if it fails."""
    command = ["node", str(RUNNER), str(script), *([str(mount)] if mount else [])]
    result = subprocess.run(command, input="" if given is None else json.dumps(given),
                            capture_output=True, text=True, cwd=ROOT, timeout=timeout)
    if result.returncode:
        raise RuntimeError(f"Pyodide under Node failed:\n{result.stderr}")
    return result.stdout


def run_code_in_pyodide(code: str, mount: Path | None = None) -> str:
    """:func:`run_in_pyodide` of the Python ``code`` (a test's probe), written to a file."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", encoding="utf-8") as script:
        script.write(code)
        script.flush()
        return run_in_pyodide(Path(script.name), mount=mount)
