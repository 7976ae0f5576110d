"""The package's parts that the page fetches when first needed, not at every start.

For the page, ``build.py`` splits the package: the zip that every start imports
(``cardtable.zip``) and one zip per part (``parts/<part>.zip``): each game's modules but its
declaration (its ``__init__``, ``rules`` and ``level_table``, which the lobby, links and
saves read) and each
language's catalog. One more part holds the modules of the standard library that the page
may import but a start does not (at its zip's root, as in the standard library's own zip).
The core zip's ``parts.json`` lists them: each part's URL, files (paths in the package zip)
and the parts it needs; the parts that each game's link needs; the part of each language.

A part is there when its zip is in the working folder at its URL's path. The page's
JavaScript (``assets/snapshot.js``) writes there the parts that a start needs (the language
chosen, the game a link opens) while Python starts and, once the page is ready, every other
one. Nothing here fetches: an import of a part's module, or a read of a part's file, that
finds its part not there yet raises :class:`PartMissing`, which names the parts to fetch;
the page fetches them asynchronously (the only kind of request its service worker answers
in every browser) and does again what needed them (``cardtable.web.page``). Headless the
package is a folder holding everything and no ``parts.json``: then nothing here does
anything.
Importing this module puts :class:`PartFinder` on ``sys.meta_path`` (``cardtable.main`` does,
before any module of a part can be imported).
"""

from __future__ import annotations

import json
import os
import sys
import zipimport

# The folder, or zip, that holds the package (its imports' paths start with it).
ROOT = os.path.dirname(os.path.dirname(__file__))


class PartMissing(ImportError):
    """A part of the package that is not in the working folder yet: ``parts`` names it and
    the parts it needs that are not there either. A failure of the environment (the page
    has not fetched it yet, or could not: offline before it was ever stored), never of
    anything stored."""

    def __init__(self, parts):
        self.parts = tuple(parts)
        super().__init__(f"The part {', '.join(self.parts)} of the game's files is not here yet.")


def _index() -> dict:
    try:
        return json.loads(__loader__.get_data(os.path.join(os.path.dirname(__file__),
                                                           "parts.json")))
    except OSError:
        return {"parts": {}, "games": {}, "languages": {}}


INDEX = _index()
PARTS = INDEX["parts"]
_OWNER = {path: part for part, entry in PARTS.items() for path in entry["files"]}
# {a part's module, as a path without suffix (a package's without "/__init__"): its part}
# (bytecode in the page, or sources).
_MODULES = {path.rsplit(".", 1)[0].removesuffix("/__init__"): part
            for path, part in _OWNER.items() if path.endswith((".pyc", ".py"))}


def owner(path: str) -> str | None:
    """The part that holds ``path`` (a path in the package zip), or None (the core's)."""
    return _OWNER.get(path)


def games_of(parts) -> list[str]:
    """The games (ids in links) whose own part is among ``parts``."""
    return [game for game, needed in INDEX["games"].items() if needed and needed[0] in parts]


def place(part: str) -> str:
    """Where the zip of ``part`` is, or goes, in the working folder."""
    return os.path.abspath(PARTS[part]["url"])


def missing(part: str) -> list[str]:
    """``part`` and the parts it needs, those of them that are not there."""
    return [each for each in (part, *PARTS[part]["needs"]) if not os.path.exists(place(each))]


def mount(part: str) -> str:
    """The path of the zip of ``part``, once it and the parts it needs are there;
    :class:`PartMissing` naming those that are not."""
    absent = missing(part)
    if absent:
        raise PartMissing(absent)
    return place(part)


def read(path: str) -> bytes:
    """The bytes of the package's file at ``path`` (as the package's own paths name it,
    under :data:`ROOT`), from its part (mounted first) or else from the package itself."""
    inside = os.path.relpath(path, ROOT).replace(os.sep, "/")
    part = owner(inside)
    if part is None:
        return __loader__.get_data(path)
    return zipimport.zipimporter(mount(part)).get_data(inside)


def files_under(folder: str) -> list[str]:
    """The paths (under :data:`ROOT`, as the package's own paths) of the parts' files in
    ``folder``, whether their parts are there yet or not."""
    inside = os.path.relpath(folder, ROOT).replace(os.sep, "/") + "/"
    return [os.path.join(ROOT, *path.split("/")) for path in _OWNER if path.startswith(inside)]


def modules() -> list[str]:
    """The names of the package's modules in the parts (not the standard library's)."""
    return sorted(path.replace("/", ".") for path in _MODULES if path.startswith("cardtable/"))


class PartFinder:
    """A finder of ``sys.meta_path``, after Python's own: a module of a part, found in its
    zip (mounted first)."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        part = _MODULES.get(fullname.replace(".", "/"))
        if part is None:
            return None
        folder = os.path.join(mount(part), *fullname.split(".")[:-1])
        return zipimport.zipimporter(folder).find_spec(fullname)


if PARTS and PartFinder not in sys.meta_path:
    sys.meta_path.append(PartFinder)
