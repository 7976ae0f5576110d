"""Shared by every test: the package under py/ and the build (build.py, sitebuild/) importable,
and the built sites.

``python3 build.py test`` installs the package into .venv (editable) anyway; this keeps a bare
``python -m pytest tests`` working from a checkout too.
"""

import fcntl
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT / "py", ROOT):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import pytest  # noqa: E402

from sitebuild.dist import build  # noqa: E402
from sitebuild.project import DIST  # noqa: E402


@pytest.fixture(autouse=True)
def english_between_tests():
    """The language is the package's one global state: every test starts and ends in
    English, whatever language it switched to."""
    from cardtable import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """The built site: dist/ when ``build.py test`` has just built it, else a private build.

    A private build keeps a session safe from anyone rebuilding dist/ meanwhile.
    """
    if os.environ.get("CARDTABLE_DIST_BUILT") == "1" and (DIST / "sw.js").exists():
        return DIST
    return build(tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def pseudo_dist(tmp_path_factory) -> Path:
    """The site built with the pseudo-language (sitebuild.catalogs.compile_catalogs), once a
    run: under pytest-xdist the first worker that asks builds it into the run's folder, which
    the workers share, and the others wait for it on a lock there."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return build(tmp_path_factory.mktemp("pseudo") / "dist", pseudo=True)
    shared = tmp_path_factory.getbasetemp().parent
    built = shared / "pseudo-dist"
    with open(shared / "pseudo-dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (built / "sw.js").exists():  # build() writes sw.js last
            build(built, pseudo=True)
    return built
