"""Bad input in a real browser: share links that cannot be opened, saves that cannot be
read, and storage the browser refuses. The page always shows words and a usable lobby or
game; it never reflects input unescaped and never drops a save silently."""

import json

import pytest

from cardtable.engine.registry import get

SPEC = get("the-game")
PWNED = "window.__pwned === true"


def alert_text(target) -> str:
    return target.inner_text('#app [role="alert"]')


def status_text(target) -> str:
    return target.inner_text('#app [role="status"]')


@pytest.mark.parametrize("fragment, words", [
    ("#/no-such-game?seed=1", "does not have"),
    ("#/the-game?seed=" + "7" * 10_000, "seed"),
    ("#/the-game?players=0", "1–5 players"),
    ("#/the-game?seed=<script>window.__pwned=true</script>", "seed"),
    ("#/the-game?min_cards=<img src=x onerror=window.__pwned=true>", "Minimum cards"),
    ("#/<img src=x onerror=window.__pwned=true>", "does not have"),
])
def test_bad_links_give_a_message_and_the_lobby(page, site, open_app, fragment, words):
    open_app(page, site.link(fragment))
    assert words in alert_text(page)
    assert page.locator('#app [data-action="start"]').is_visible()
    assert page.locator("#app img, #app script").count() == 0
    assert not page.evaluate(PWNED)


def test_unknown_link_keys_are_ignored_with_a_notice(page, site, open_app):
    open_app(page, site.link("#/the-game?seed=notice&players=1&colour=blue"))
    assert "colour" in status_text(page)
    assert page.evaluate("window.cardtable.view()")["hand"] == list(SPEC.new(1, {}, "notice").hands[0])


def reopen_with_save(page, site, open_app, text: str):
    """Store ``text`` as the saved game, then open the app again."""
    open_app(page, site.url)
    page.evaluate("(text) => localStorage.setItem('cardtable.save', text)", text)
    open_app(page, site.url)


def aside(page) -> dict:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('cardtable.unreadable.')).map(k => [k, localStorage.getItem(k)]))""")


def test_corrupted_save_is_kept_aside_and_reported(page, site, open_app):
    reopen_with_save(page, site, open_app, '{"schema": 1, "game": "the-ga')
    assert "kept aside" in alert_text(page)
    assert list(aside(page).values()) == ['{"schema": 1, "game": "the-ga']
    assert page.locator('#app [data-action="start"]').is_visible()


def test_old_schema_save_is_kept_aside_and_reported(page, site, open_app):
    old = json.dumps({"schema": 0, "game": "the-game", "players": 1, "seed": "1", "actions": []})
    reopen_with_save(page, site, open_app, old)
    assert "format" in alert_text(page) and "kept aside" in alert_text(page)
    assert list(aside(page).values()) == [old]


def test_a_save_that_no_longer_replays_is_kept_aside(page, site, open_app):
    save = {"schema": 1, "game": "the-game", "players": 1, "seed": "1",
            "options": {"min_cards": 2, "small_hands": False, "start": "first"},
            "actions": [["play", 1, 0]], "seats": ["human"]}
    reopen_with_save(page, site, open_app, json.dumps(save))
    assert "kept aside" in alert_text(page)
    assert len(aside(page)) == 1


def test_blocked_storage_plays_with_a_notice(storage_blocked_page, site, embedder, wait_ready):
    page = storage_blocked_page
    page.goto(embedder.page_for(site.link("#/the-game?seed=blocked&players=1")))
    app = embedder.embedded(page, site.url)
    app.click("[data-action=play-here]")  # the poster's Play: a frame starts at a tap
    wait_ready(app)
    assert "not saved" in status_text(app)
    hand = app.evaluate("window.cardtable.view()")["hand"]
    assert hand == list(SPEC.new(1, {}, "blocked").hands[0])
    app.click(f'[data-action="select"][data-card="{hand[-1]}"]')
    app.click('[data-action="play"][data-pile="0"]')
    assert app.evaluate("window.cardtable.view()")["played"] == [[hand[-1], 0]]


# -- hostile storage and files (what another page of the same origin can write) ------------
def stored_keys(page) -> dict:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('cardtable.')).map(k => [k, localStorage.getItem(k)]))""")


def reopen_with(page, site, open_app, items: dict) -> None:
    """Replace cardtable's keys with ``items``, then open the app again."""
    page.evaluate("""(items) => {
        for (const key of Object.keys(localStorage)) localStorage.removeItem(key);
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }""", items)
    open_app(page, site.url)


def test_every_bad_stored_value_is_kept_aside_and_the_page_starts(new_page, site, open_app):
    """The values that once stopped every start, a bad save, settings and records text at
    a time: each is kept aside, said, and the lobby works (a game starts from it and is
    saved). A first visit's page: no init script rewrites the settings."""
    from test_hostile_input import BAD_VALUES

    by_key = {}
    for key, text in BAD_VALUES:
        by_key.setdefault(key, []).append(text)
    rounds = [{key: texts[i] for key, texts in by_key.items() if i < len(texts)}
              for i in range(max(map(len, by_key.values())))]
    page = new_page(first_visit=True)
    open_app(page, site.url)
    for planted in rounds:
        reopen_with(page, site, open_app, planted)
        where = {key: text[:60] for key, text in planted.items()}
        assert "kept aside" in alert_text(page), where
        kept = stored_keys(page)
        assert sorted(kept.values()) == sorted(planted.values()), where
        assert all(key.startswith("cardtable.unreadable.") for key in kept), where
    page.click('#app [data-action="start"]')
    page.wait_for_selector("#app .hand")
    assert "cardtable.games" in stored_keys(page)


def test_the_245_byte_records_file_is_refused_and_the_page_starts_again(page, site, open_app,
                                                                        wait_until):
    from test_hostile_input import RECORDS_FILE

    open_app(page, site.url)
    page.click('#app [data-action="records"]')
    page.set_input_files("#import-records", files=[
        {"name": "records.json", "mimeType": "application/json", "buffer": RECORDS_FILE.encode()}])
    wait_until(page, "document.querySelector('#app [role=alert] p')")
    assert "cannot be imported" in alert_text(page)
    open_app(page, site.url)
    assert "cardtable.records" not in stored_keys(page)
    reopen_with(page, site, open_app, {"cardtable.records": RECORDS_FILE})
    assert "kept aside" in alert_text(page)
    page.click('#app [data-action="records"]')
    page.wait_for_selector("#app .records")


def test_a_records_file_too_large_is_refused_unread(page, site, open_app, wait_until):
    open_app(page, site.url)
    page.click('#app [data-action="records"]')
    page.set_input_files("#import-records", files=[
        {"name": "big.json", "mimeType": "application/json", "buffer": b" " * 3_500_000}])
    wait_until(page, "document.querySelector('#app [role=alert] p')")
    assert "3.5 MB, more than the 3 MB" in alert_text(page)


def test_three_megabytes_that_cannot_be_copied_aside_stay_and_the_page_still_saves(
        page, site, open_app):
    """The copy aside would pass the browser's quota: the text stays where it was, the
    page says the storage is full (not that it kept it aside, not that storage is
    blocked), and the game is still saved across visits."""
    big = "x" * 3_000_000
    open_app(page, site.url)
    reopen_with(page, site, open_app, {"cardtable.records": big})
    said = alert_text(page)
    assert "full" in said and "kept aside" not in said and "unreadable" not in said
    assert "does not let the page store" not in status_text(page)
    page.click('#app [data-action="start"]')
    page.wait_for_selector("#app .hand")
    _, card, pile = next(a for a in page.evaluate("window.cardtable.view()")["legal"]
                         if a[0] == "play")
    page.click(f'[data-action="select"][data-card="{card}"]')
    page.click(f'[data-action="play"][data-pile="{pile}"]')  # a game under way: the plain
    open_app(page, site.url)  # page reopens it
    kept = stored_keys(page)
    assert kept["cardtable.records"] == big and "cardtable.games" in kept
    assert not any(key.startswith("cardtable.unreadable.") for key in kept)
    assert page.locator("#app .hand").is_visible()  # the saved game resumed


def test_a_share_link_keeps_the_unfinished_game_and_the_lobby_offers_it(page, site, open_app,
                                                                         wait_until):
    open_app(page, site.link("#/the-game?seed=mine&players=1"))
    hand = page.evaluate("window.cardtable.view()")["hand"]
    page.click(f'[data-action="select"][data-card="{hand[-1]}"]')
    page.click('[data-action="play"][data-pile="0"]')
    page.goto(site.link("#/the-game?seed=theirs&players=1"))  # the same page: a hashchange
    wait_until(page, "window.cardtable.view() && window.cardtable.view().played.length === 0")
    page.click('.menu [data-action="lobby"]')  # the new deal, with no move yet, is not listed
    assert page.locator("#app .unfinished li").count() == 1
    page.click('#app .unfinished li:nth-child(1) [data-action="continue"]')
    page.wait_for_selector("#app .hand")
    assert page.evaluate("window.cardtable.view()")["played"] == [[hand[-1], 0]]
