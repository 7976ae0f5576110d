"""Runs in .venv's Python (Babel is a tool of the build, not a dependency of the page):
compiles the translation catalogs.

    python compile_catalogs.py TEMPLATE CODE=PATH...

TEMPLATE is a fresh template (.pot); each CODE=PATH names a language's catalog (.po), or, for
the pseudo-language, a template (.pot) whose every text it translates itself (see
:func:`pseudo`). Prints as JSON {"mo": {code: base64 of the .mo}, "untranslated": {code: the
template's texts that its catalog lacks}}. A .po's fuzzy entries are left out, as gettext's
msgfmt does.
"""

import base64
import io
import json
import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

BRACKETS = "\u27e6", "\u27e7"
ACCENTS = str.maketrans("aceinorsuyACEINORSUY", "\u00e5\u00e7\u00e9\u00ee\u00f1\u00f6"
                        "\u0159\u0161\u00fb\u00fd\u00c5\u00c7\u00c9\u00ce\u00d1"
                        "\u00d6\u0158\u0160\u00db\u00dd")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: bracketed, its letters accented outside
    {placeholders}, so that a text on screen that bypasses the catalogs stands out."""
    depth, out = 0, ""
    for char in text:
        if char == "{":
            depth += 1
        out += char if depth else char.translate(ACCENTS)
        if char == "}":
            depth -= 1
    return BRACKETS[0] + out + BRACKETS[1]


def translated(message) -> bool:
    """Whether a catalog's ``message`` (None: missing) is there, not fuzzy, and whole."""
    return message is not None and not message.fuzzy and all(
        message.string if isinstance(message.string, tuple) else (message.string,))


def translate_to_pseudo(catalog) -> None:
    """Fill every text of ``catalog`` (a template) with its :func:`pseudo` translation."""
    for message in catalog:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = tuple(pseudo(i) for i in ids)
            message.string = strings if message.pluralizable else strings[0]


def compiled_catalogs(template_path: str, catalogs: list[str]) -> dict:
    """The output (see the module) for the template and the CODE=PATH ``catalogs``."""
    with open(template_path, "rb") as file:
        template = [(m.id, m.context) for m in read_po(file) if m.id]
    out, untranslated = {}, {}
    for arg in catalogs:
        code, _, path = arg.partition("=")
        with open(path, "rb") as file:
            catalog = read_po(file, locale=None if path.endswith(".pot") else code)
        untranslated[code] = [i if isinstance(i, str) else i[0] for i, context in template
                              if not translated(catalog.get(i, context=context))]
        if path.endswith(".pot"):
            translate_to_pseudo(catalog)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        out[code] = base64.b64encode(buffer.getvalue()).decode()
    return {"mo": out, "untranslated": untranslated}


if __name__ == "__main__":
    print(json.dumps(compiled_catalogs(sys.argv[1], sys.argv[2:])))
