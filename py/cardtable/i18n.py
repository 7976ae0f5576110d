"""The player's language: every text a player reads goes through this module.

Texts are written in English in the code and marked for translation:

- ``_("text")`` translates now; use it where the text is put on screen;
- ``ngettext("one card", "{n} cards", n)`` picks the plural form the language needs
  (Romanian has three) and translates;
- ``pgettext("context", "text")`` translates a text that needs different words in
  different places (the context tells them apart in the catalog);
- ``npgettext("context", "one card", "{n} cards", n)`` does both: the plural form of a
  text that needs its own words in ``context`` (the log's "you" and "another player"
  where English says the same for both);
- ``N_("text")`` only marks a text written at import time (a module-level table, an
  option's label); the code that shows it calls ``_()`` on it then.

A text with values is a ``str.format`` template, filled after translating, so the
translator sees and may move the names: ``_("Pass the device to {name}").format(name=n)``.

Catalogs are gettext ``.po`` files, ``locale/<code>/LC_MESSAGES/cardtable.po`` in this
package, compiled to ``.mo`` by Babel when ``build.py`` builds (see docs/translating.md).
Python's :mod:`gettext` reads them, under CPython and Pyodide alike. Until
:func:`set_language` is called, and for English, texts stay as written.
"""

from __future__ import annotations

import os

DOMAIN = "cardtable"
# A folder, or a folder inside the zip that the page imports the package from (zipimport).
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
DEFAULT = "en"
# The languages offered in the settings, each named in itself.
LANGUAGES = {"en": "English", "pt": "Português", "ro": "Română"}

# The current catalog (a gettext.GNUTranslations), or None for English: gettext itself is
# imported only when another language is chosen, which keeps it out of an English start-up.
_translation = None
_language = DEFAULT


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message) if _translation else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n``, in the current language."""
    if _translation:
        return _translation.ngettext(singular, plural, n)
    return singular if n == 1 else plural


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, for a translation of its own in ``context``
    (one English word that two places need said differently)."""
    return _translation.pgettext(context, message) if _translation else message


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n``, translated for ``context``."""
    if _translation:
        return _translation.npgettext(context, singular, plural, n)
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (it is translated where
    it is shown)."""
    return message


def available() -> tuple:
    """The codes of every language with a compiled catalog here, English first."""
    from .parts import files_under  # catalogs may be in parts of the package, fetched later

    compiled = []
    for path in _package_files(LOCALE_DIR) + files_under(LOCALE_DIR):
        code, *rest = os.path.relpath(path, LOCALE_DIR).split(os.sep)
        if rest == ["LC_MESSAGES", f"{DOMAIN}.mo"]:
            compiled.append(code)
    return (DEFAULT, *sorted(compiled))


def _package_files(folder: str) -> list:
    """The paths of the files under ``folder`` of this package, which Python imported
    either from a folder or, in the page, from a zip (whose importer names it ``archive``)."""
    archive = getattr(__loader__, "archive", None)
    if archive is None:
        return [os.path.join(top, name) for top, _, names in os.walk(folder) for name in names]
    import zipfile

    with zipfile.ZipFile(archive) as package:
        return [os.path.join(archive, name) for name in package.namelist()
                if os.path.join(archive, name).startswith(folder + os.sep)]


def _catalog(code: str) -> bytes:
    """The compiled catalog of ``code``, read by the importer of this package (so from
    its zip as well as from a folder), or from its part of the package (see parts)."""
    from .parts import read

    return read(os.path.join(LOCALE_DIR, code, "LC_MESSAGES", f"{DOMAIN}.mo"))


def language() -> str:
    """The code of the current language."""
    return _language


def fetch_first(code: str) -> None:
    """Nothing when ``code`` can be spoken at once; :class:`~cardtable.parts.PartMissing`
    when its catalog is in a part of the package not here yet (the page fetches it and
    comes back). A handler that will speak ``code`` calls this before it changes
    anything. Codes this build has no catalog for are :func:`set_language`'s to refuse."""
    if code != DEFAULT and code in available():
        _catalog(code)


def set_language(code: str) -> str:
    """Speak the language ``code`` from now on; returns it. Raises ``ValueError`` in
    words when this build has no catalog for it (the language stays as it was)."""
    global _translation, _language
    if code == DEFAULT:
        _translation, _language = None, DEFAULT
        return code
    if code not in available():
        raise ValueError(f"There is no language “{str(code)[:30]}” here.")
    import gettext
    from io import BytesIO

    _translation = gettext.GNUTranslations(BytesIO(_catalog(code)))
    _language = code
    return code


def best_language(*wanted) -> str:
    """The first of ``wanted`` (codes such as "pt-BR", "ro", None) that this build
    speaks, by its primary subtag; English when none does. (The catalogs are listed only
    when a language other than English comes first: an English start never reads them.)"""
    for code in wanted:
        primary = str(code or "").split("-")[0].split("_")[0].lower()
        if primary == DEFAULT or primary in available():
            return primary
    return DEFAULT
