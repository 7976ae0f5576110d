"""Shared by every test: the package under py/ and the build (build.py, sitebuild/) importable

``python3 build.py test`` installs the package into .venv (editable) anyway; this keeps a bare
``python -m pytest tests`` working from a checkout too.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT / "py", ROOT):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def english_between_tests():
    """The language is the package's one global state: every test starts and ends in
    English, whatever language it switched to."""
    from cardtable import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
