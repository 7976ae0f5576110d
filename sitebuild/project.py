"""Where the project's folders are, and how the build imports the page's package from them."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
PACKAGE = ROOT / "py" / "cardtable"
# The programs that the build runs in an interpreter of their own (sitebuild/programs/).
PROGRAMS = ROOT / "sitebuild" / "programs"


@contextlib.contextmanager
def importable(folder: Path = PACKAGE.parent):
    """Within the block, the modules under ``folder`` (the source tree's py/ by default) can
    be imported; a module imported already stays as it is."""
    sys.path.insert(0, str(folder))
    try:
        yield
    finally:
        sys.path.remove(str(folder))
