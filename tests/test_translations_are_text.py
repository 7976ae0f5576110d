"""Translations are text: a catalog whose every string carries markup puts none on any
screen, because every catalog string is escaped and the code puts markup around the
values. Each game is played a while by random bots and its screens are drawn."""

import re

import pytest

from cardtable import i18n
from cardtable.bots import make_bot
from cardtable.engine.registry import GAMES
from cardtable.web import settings as settings_module
from cardtable.web.controller import Controller
from cardtable.web.render import menu_html, messages_html, screen_html
from cardtable.web.storage import Store

PLANTED = "<i>"


class Planting:
    """A catalog that wraps each text in markup, as a hostile translation could."""

    def gettext(self, message):
        return f"{PLANTED}{message}</i>"

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return self.gettext(message)

    def npgettext(self, context, singular, plural, n):
        return self.ngettext(singular, plural, n)


@pytest.fixture
def planted(monkeypatch):
    monkeypatch.setattr(i18n, "_translation", Planting())
    monkeypatch.setattr(settings_module, "set_language", lambda code: code)


def drawn(controller) -> str:
    screen = controller.screen()
    return menu_html(screen) + screen_html(screen) + messages_html(screen.messages)


def assert_no_markup_planted(html: str, where: str) -> None:
    found = [m.start() for m in re.finditer(re.escape(PLANTED), html)]
    assert not found, (where, html[found[0] - 80:found[0] + 80] if found else "")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_catalog_puts_no_markup_on_any_screen(planted, game):
    spec = GAMES[game]
    controller = Controller(Store(), lambda: "text")
    controller.boot(f"#/{game}?seed=text&players={max(2, spec.min_players)}")
    bots = [make_bot(game, "random", seat, "text") for seat in range(controller.setup.players)]
    for step in range(200):
        table = controller.sitting.table
        if table.finished:
            break
        if table.awaiting():
            controller.handle("confirm-end", {})
        elif controller.paused():  # the pause screen between deals is drawn too
            assert_no_markup_planted(drawn(controller), f"{game} pause at move {step}")
            controller.handle("go-on", {})
        elif controller.bot_due():
            controller.bot_step()
        else:
            table.act(bots[table.state.current_player].act(table.view))
            controller.local.saved()
        if step % 20 == 0:
            assert_no_markup_planted(drawn(controller), f"{game} move {step}")
    assert_no_markup_planted(drawn(controller), f"{game} last")
    for action, data in (("rules", {}), ("close-panel", {}), ("records", {"game": game}),
                         ("close-records", {}), ("lobby", {}), ("settings", {})):
        controller.handle(action, data)
        assert_no_markup_planted(drawn(controller), f"{game} {action}")
