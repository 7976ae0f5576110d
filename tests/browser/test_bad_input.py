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
    page.wait_for_selector("#app")
    page.frame_locator("#app").locator("html").wait_for(state="attached")
    app = next(f for f in page.frames if f.url.startswith(site.url))
    wait_ready(app)
    assert "not saved" in status_text(app)
    hand = app.evaluate("window.cardtable.view()")["hand"]
    assert hand == list(SPEC.new(1, {}, "blocked").hands[0])
    app.click(f'[data-action="select"][data-card="{hand[-1]}"]')
    app.click('[data-action="play"][data-pile="0"]')
    assert app.evaluate("window.cardtable.view()")["played"] == [[hand[-1], 0]]
