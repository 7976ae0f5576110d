"""No rule id reaches a player: on every screen of every game, in English, Portuguese and
Romanian, no text of the page (shown, folded away or for screen readers) and no
``aria-label`` or ``title`` names a rule id such as TG-13, EX-11, TR-5 or RZ-8. The ids
stay in the code, the tests and ``seeds/``."""

import json
import re

import pytest

from test_languages import FAST, PHONE, TEXTS_ON_SCREEN, every_screen

RULE_ID = re.compile(r"\b(?:TG|EX|TR|RZ)-\d")
APP_TEXT = """() => [document.querySelector('#app').textContent,
  ...[...document.querySelectorAll('#app [aria-label], #app [title]')]
     .flatMap(e => [e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])]"""


def rule_ids(page) -> list:
    """The texts of the page that name a rule id: each visible text and label, and the
    whole text of the app with every ``aria-label`` and ``title`` in it."""
    texts = [text for _, text in page.evaluate(TEXTS_ON_SCREEN)]
    texts += page.evaluate(APP_TEXT)
    return sorted({text[:160] for text in texts if RULE_ID.search(text)})


@pytest.mark.parametrize("lang", ["en", "pt", "ro"])
def test_no_screen_of_any_game_shows_a_rule_id(new_page, site, open_app, wait_until, lang):
    page = new_page(**PHONE)
    page.context.add_init_script(FAST)
    found = every_screen(page, site.url, lang, f"ids-{lang}", open_app, wait_until, rule_ids)
    assert page.evaluate("document.documentElement.lang") == lang
    bad = {screen: texts for screen, texts in found.items() if texts}
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)
