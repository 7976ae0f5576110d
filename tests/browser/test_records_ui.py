"""Records, replays, export and import, and today's deal in the real page, at phone size
(touch) and desktop size, in English, Portuguese and Romanian.

One flow: today's deal of The Game (alone) played to its end by the page's controls,
always the lowest legal card and the turn ended as soon as it may be; its share text
from the clipboard; the Records screen with the game and its charts; the replay stepped
by its buttons, the arrow keys and the slider, with every hand shown; the history
exported as a file (a download) and imported back (no duplicate), and a bad file refused
in one sentence. The texts checked are this feature's own, in the page's language; in
the pseudo-language no text of these screens bypasses the catalogs.
"""

import json

import pytest

from cardtable import i18n
from cardtable.engine.registry import GAMES
from settings_scripts import settings_script
from test_a11y import MY_TURN, finished_save, go
from test_languages import PSEUDO, untranslated, watched
from menu import choose, menu_item

CLIPBOARD = ["clipboard-read", "clipboard-write"]
SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True, "permissions": CLIPBOARD},
         "desktop": {"viewport": {"width": 1280, "height": 800}, "permissions": CLIPBOARD}}
FAST = settings_script(pace="fast")
TODAY = ("(d => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-"
         "${String(d.getDate()).padStart(2, '0')}`)(new Date())")
NO_SIDEWAYS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def tr(code: str, text: str, **values) -> str:
    """``text`` as the catalog of ``code`` gives it, filled with ``values``."""
    try:
        i18n.set_language(code)
        return i18n._(text).format(**values)
    finally:
        i18n.set_language("en")


def tr_n(code: str, one: str, many: str, n: int) -> str:
    try:
        i18n.set_language(code)
        return i18n.ngettext(one, many, n).format(n=n)
    finally:
        i18n.set_language("en")


def view(page) -> dict:
    return page.evaluate("window.cardtable.view()")


def status(page) -> str:
    return page.inner_text("#app [role=status]").strip()


def play_to_the_end(page, press) -> None:
    """The lowest legal card each time, the turn ended as soon as it may be, and a lost
    game ended rather than taken back."""
    while not page.locator("main.end").count():
        if page.locator('[data-action="confirm-end"]').count():
            press('[data-action="confirm-end"]')
            continue
        legal = view(page)["legal"]
        if ["end"] in legal:
            press('[data-action="end-turn"]')
            continue
        _, card, pile = min((a for a in legal if a[0] == "play"), key=lambda a: a[1])
        press(f'[data-action="select"][data-card="{card}"]')
        press(f'[data-action="play"][data-pile="{pile}"]')


def position(page) -> str:
    return page.inner_text("#replay-position").strip()


@pytest.mark.parametrize("code, size", [("en", "phone"), ("en", "desktop"), ("pt", "phone"),
                                        ("ro", "desktop")])
def test_play_record_replay_export_import_and_share(new_page, site, open_app, wait_until,
                                                      tmp_path, code, size):
    page = new_page(**SIZES[size])
    page.context.add_init_script(FAST)
    touch = size == "phone"

    def press(selector: str) -> None:
        (page.tap if touch else page.click)(selector)

    open_app(page, site.link("" if code == "en" else f"#?lang={code}"))
    today = page.evaluate(TODAY)
    assert page.inner_text("#daily-title") == tr(code, "Today’s deal")
    press('[data-action="daily"][data-game="the-game"]')
    # the table comes once Python has made the deal: on a busy machine, after the tap returns
    wait_until(page, MY_TURN)
    assert view(page)["players"] == 1 and f"seed=daily-the-game-{today}" in page.url
    play_to_the_end(page, press)

    # share: one line, the bar, the link of today's deal
    press('main.end [data-action="share"]')
    wait_until(page, "document.querySelector('#app [role=status] p')")
    head, bar, play = page.evaluate("navigator.clipboard.readText()").split("\n")
    assert head.startswith(tr(code, "{game}, today's deal of {date}: {result}", game="The Game",
                              date=today, result=""))
    assert len(bar) == 10 and set(bar) <= {"🟩", "⬜"}  # a lost game: no trophy
    assert play == tr(code, "Play it: {link}", link=f"{site.url}#/the-game?daily={today}")

    # the records, with the game and its charts
    press(menu_item(page, "records", tap=press == page.tap))
    assert page.inner_text("#records-title") == tr(code, "Records: {game}", game="The Game")
    assert page.locator("figure.chart svg").count() == 2
    assert page.locator("figure.chart table.chart-data").count() == 2
    assert page.locator("figure.results circle").count() == 1
    assert page.locator(".record-list > li").count() == 1
    assert tr(code, "today's deal of {date}", date=today) in page.inner_text(".record-list .tag")
    assert page.evaluate(NO_SIDEWAYS)

    # the replay: buttons, arrow keys, slider, every hand
    press('[data-action="replay"][data-index="0"]')
    last = int(page.get_attribute("#replay-slider", "max"))
    assert last > 4 and position(page) == tr(code, "Move {step} of {last}", step=0, last=last)
    assert page.locator("main.end, .replay .rating").count() == 0  # it opens at the start
    assert page.locator('main.table [data-action="end-turn"], main.table [data-action="undo"]').count() == 0
    assert page.locator('[data-action="replay-hands"]').count() == 0  # one player: no other hand
    press('[data-action="replay-to"][data-step]:not([data-step="0"])')
    assert position(page) == tr(code, "Move {step} of {last}", step=last, last=last)
    assert page.locator("main.end, .replay .rating").count() >= 1  # the ending at the end
    press('[data-action="replay-step"][data-by="-1"]')
    assert position(page) == tr(code, "Move {step} of {last}", step=last - 1, last=last)
    page.keyboard.press("ArrowLeft")  # the focus is on a button: the key steps the replay
    page.keyboard.press("ArrowLeft")
    assert int(page.get_attribute("#replay-slider", "value")) == last - 3
    page.evaluate("(s => { s.value = '2'; s.dispatchEvent(new Event('change', {bubbles: true})); })"
                  "(document.querySelector('#replay-slider'))")
    assert position(page) == tr(code, "Move {step} of {last}", step=2, last=last)
    page.focus("#replay-slider")
    page.keyboard.press("ArrowRight")  # the slider's own key: one step, not two
    wait_until(page, "document.querySelector('#replay-slider').value === '3'")
    assert position(page) == tr(code, "Move {step} of {last}", step=3, last=last)
    assert page.locator('.hand [data-action="select"]:not([disabled])').count() == 0
    assert page.evaluate(NO_SIDEWAYS)
    press('[data-action="close-replay"]')

    # export, then import the same file: nothing doubles; a bad file changes nothing
    with page.expect_download() as download:
        press('[data-action="export-records"]')
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == f"cardtable-records-{today}.json"
    assert len(json.loads(saved.read_text())["games"]) == 1
    page.set_input_files("#import-records", str(saved))
    imported = (tr_n(code, "Imported {n} game.", "Imported {n} games.", 0) + " "
                + tr_n(code, "{n} game was here already.", "{n} games were here already.", 1))
    wait_until(page, f"document.querySelector('#app [role=status]').innerText.includes({json.dumps(imported)})")
    assert page.locator(".record-list > li").count() == 1
    page.set_input_files("#import-records", files=[
        {"name": "bad.json", "mimeType": "application/json", "buffer": b"{not json"}])
    refused = tr(code, "This file cannot be imported: {reason}. Nothing was changed.",
                 reason=tr(code, "it is not a JSON text"))
    wait_until(page, "document.querySelector('#app [role=alert] p')")
    assert page.inner_text("#app [role=alert] p") == refused
    assert page.locator(".record-list > li").count() == 1

    # the lobby shows today's result; the day's deal again is practice
    press('.menu [data-action="lobby"]')
    press('[data-action="daily"][data-game="the-game"]')
    assert status(page) == tr(code, "You have played today's deal already: this game is"
                                    " recorded as practice.")


def test_records_and_replays_speak_only_through_the_catalogs(new_page, pseudo_site, open_app,
                                                             wait_until):
    """In the pseudo-language, the lobby's today's deals, every game's records and a
    replay with every hand shown hold no text that bypassed the catalogs."""
    page = watched(new_page(**SIZES["phone"]), pseudo_site)
    found = {}
    open_app(page, pseudo_site + f"#?lang={PSEUDO}")
    found["lobby"] = untranslated(page)
    for game, spec in GAMES.items():
        save, fragment = finished_save(game, max(2, spec.min_players), "pseudo-records")
        page.evaluate("s => localStorage.setItem('cardtable.save', s)", json.dumps(save))
        go(page, wait_until, fragment, "!!document.querySelector('#app main.end')")
        choose(page, "records")
        page.wait_for_selector("#app main.records figure.chart")
        found[f"records {game}"] = untranslated(page)
        page.click('.record-list [data-action="replay"]')
        page.click('[data-action="replay-step"][data-by="1"]')
        page.click('[data-action="replay-hands"]')
        page.wait_for_selector("#app .all-hands")
        found[f"replay {game}"] = untranslated(page)
    bad = {screen: texts for screen, texts in found.items() if texts}
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)
