"""No rule id reaches a player through the catalogs: no English text the code marks for
translation (the template's msgids) and no translation compiled for the page (each
language's ``.mo``) names a rule id such as TG-13 or RZ-8. Comments for translators may
(they are never shown). Needs the compiled catalogs (``python3 build.py build``)."""

import re
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from cardtable import i18n

RULE_ID = re.compile(r"\b(?:TG|EX|TR|RZ)-\d")
TEMPLATE = Path(i18n.LOCALE_DIR) / f"{i18n.DOMAIN}.pot"
LANGUAGES = [code for code in i18n.available() if code != i18n.DEFAULT]


def texts(catalog, field: str) -> list:
    """Every text of ``catalog`` in ``field`` ("id" or "string"), plural forms included."""
    return [text for message in catalog if message.id
            for text in ((getattr(message, field),) if isinstance(message.id, str)
                         else getattr(message, field))]


def with_ids(texts) -> list:
    return sorted({text for text in texts if RULE_ID.search(text)})


def test_the_catalogs_are_compiled_for_pt_and_ro():
    assert {"pt", "ro"} <= set(LANGUAGES)


def test_no_english_text_marked_for_translation_names_a_rule_id():
    with TEMPLATE.open("rb") as source:
        template = read_po(source)
    english = texts(template, "id")
    assert english and not with_ids(english)


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_compiled_translation_names_a_rule_id(code):
    mo = Path(i18n.LOCALE_DIR) / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    with mo.open("rb") as source:
        translations = texts(read_mo(source), "string")
    assert translations and not with_ids(translations)
