"""Installs what the build and the tests need when it is missing: .venv (the package and the
test tools), node_modules (npm ci from the lock), Debian's packages and programs (apt-get)."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild.project import NODE_MODULES, ROOT, VENV

# Debian's chromium (installed by `build.py test` when missing); CARDTABLE_CHROMIUM points
# elsewhere, e.g. at the Chrome that GitHub's Ubuntu runners carry.
CHROMIUM = Path(os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium"))


def run(*command, **kwargs) -> None:
    """Print ``command``, then run it; CalledProcessError when it fails."""
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run(command, check=True, **kwargs)


def stamp_ok(stamp: Path, *sources: Path) -> tuple[bool, str]:
    """Whether ``stamp`` records the current contents of ``sources`` (and that digest)."""
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()
    return stamp.is_file() and stamp.read_text() == digest, digest


def ensure_venv() -> Path:
    """.venv with requirements-dev.txt and the package (editable); skipped when up to date.
    Its Python."""
    python = VENV / "bin" / "python"
    stamp = VENV / ".cardtable-installed"
    ok, digest = stamp_ok(stamp, ROOT / "requirements-dev.txt", ROOT / "pyproject.toml")
    if python.exists() and ok:
        return python
    if not python.exists():
        if importlib.util.find_spec("ensurepip") is None:  # Debian splits venv's pip out
            apt_install("python3-venv")
        run(sys.executable, "-m", "venv", str(VENV))
    run(str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q",
        "-r", str(ROOT / "requirements-dev.txt"), "-e", str(ROOT))
    stamp.write_text(digest)
    return python


def ensure_node_modules() -> None:
    """npm ci from package-lock.json; skipped when node_modules matches the lock."""
    stamp = NODE_MODULES / ".cardtable-installed"
    ok, digest = stamp_ok(stamp, ROOT / "package-lock.json")
    if ok:
        return
    ensure_program("npm", "nodejs", "npm")
    run("npm", "ci", "--no-audit", "--no-fund", cwd=ROOT)
    stamp.write_text(digest)


# The other engines of the browser tests (tests/browser/engines): Debian's package of each
# program, by the program's path.
ENGINES = {Path("/usr/bin/firefox-esr"): "firefox-esr",
           Path("/usr/bin/WebKitWebDriver"): "webkit2gtk-driver",
           Path("/usr/bin/Xvfb"): "xvfb"}
# The relay the tests of one-link invitations run on loopback, and its clients (the
# recorder of what it carried); tests/browser/relay_server.py starts them.
RELAY = {Path("/usr/sbin/mosquitto"): "mosquitto",
         Path("/usr/bin/mosquitto_sub"): "mosquitto-clients"}


def ensure_browsers() -> None:
    """The browsers of the browser tests: Chromium (CHROMIUM), Firefox ESR, WebKitGTK's
    WebDriver (with its MiniBrowser) and the X server WebKitGTK draws into; and the relay
    (mosquitto) they meet on."""
    ensure_program(CHROMIUM, "chromium")
    for program, package in {**ENGINES, **RELAY}.items():
        ensure_program(program, package)


def ensure_program(program: str | Path, *packages: str) -> None:
    """Install Debian's ``packages`` unless ``program`` is there: a path, or a command's
    name found on PATH."""
    if isinstance(program, Path):
        present = program.exists()
    else:
        present = shutil.which(program) is not None
    if not present:
        apt_install(*packages)


def apt_install(*packages: str) -> None:
    """Install Debian's ``packages`` with apt-get, asking nothing."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run("apt-get", "update", "-q", env=env)
    run("apt-get", "install", "-y", "-q", "--no-install-recommends", *packages, env=env)
