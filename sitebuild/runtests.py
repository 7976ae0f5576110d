"""``build.py test``: pytest over the built site, on several workers, inside a network
namespace whose one interface is loopback."""

from __future__ import annotations

import os
import shutil
import subprocess

from sitebuild.dist import build
from sitebuild.install import ensure_browsers, ensure_node_modules, ensure_venv
from sitebuild.project import ROOT


def test(argv: list[str]) -> int:
    """Install what is missing, build dist/ and run pytest with ``argv`` (over tests/ unless
    ``argv`` names a path) on several workers (see :func:`workers`), in a loopback-only
    network when it can (:func:`loopback_only`); pytest's exit status, but 1 when it
    collected no tests."""
    python = ensure_venv()
    ensure_node_modules()
    ensure_browsers()
    build()
    paths = [a for a in argv if not a.startswith("-") and (ROOT / a.split("::")[0]).exists()]
    args = [*workers(argv), *(argv if paths else ["tests", *argv])]
    env = {**os.environ, "CARDTABLE_DIST_BUILT": "1"}
    command = loopback_only([str(python), "-m", "pytest", *args])
    code = subprocess.run(command, cwd=ROOT, env=env).returncode
    if code == 5:
        print("build.py test: pytest collected no tests; that is a failure here.", flush=True)
        return 1
    return code


def workers(argv: list[str]) -> list[str]:
    """pytest-xdist's options that spread the tests over one worker per core (two at least:
    a browser test spends much of its time waiting on the page), unless ``argv`` chooses
    (``-n``, ``--numprocesses``, ``--dist``, ``-p no:xdist``). A test file is one unit of
    work, so a module's costly fixture (the Node + Pyodide probe, a private build, the
    pseudo-language site) is made once. (pytest-xdist's ``xdist_group`` marks, which could
    keep just those modules together, are not honoured under pytest 9.2.)"""
    chosen = ("-n", "--numprocesses", "--dist", "no:xdist")
    if any(a.startswith(chosen) for a in argv):
        return []
    return ["-n", str(max(2, os.cpu_count() or 1)), "--dist", "loadfile"]


def loopback_only(command: list[str]) -> list[str]:
    """``command`` run in a network namespace of its own whose one interface is loopback,
    so that every packet of every test stays on this machine (the browser tests connect
    pages by WebRTC); ``command`` as it is, and a line saying so, where no such namespace
    can be made (it takes root, ``unshare`` and ``ip``)."""
    isolated = ["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$@"', "sh"]
    if (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("unshare")
            and shutil.which("ip")
            and subprocess.run([*isolated, "true"], capture_output=True).returncode == 0):
        return [*isolated, *command]
    print("build.py test: cannot make a loopback-only network namespace (it takes root,"
          " unshare and ip): the tests run on this machine's network.", flush=True)
    return command
