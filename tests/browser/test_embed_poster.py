"""The embed's poster in Chromium, where Playwright gives real keys and axe: the keyboard
reaches each poster's Play and Enter starts that frame alone; the poster has no serious
accessibility violation at phone size (light) and desktop size (dark); it takes a link's
theme and language; and the frame tells its parent its height. Bytes and the three engines:
test_engines_embed.py."""

from __future__ import annotations

import html
import re
import threading
import time
from functools import partial

import pytest

from cardtable.engine.registry import GAMES
from cardtable.web import sharing
from cardtable.web.lobby import default_setup
from cardtable.web.session import Session
from sitebuild.server import SiteHandler, SiteServer
from test_a11y import AXE, SERIOUS, SIZES
from test_engines_embed import DEALS, blog  # noqa: F401 (a fixture)
from test_records_ui import tr

POSTER = "document.documentElement.dataset.app === 'poster'"
APP_STATE = "document.documentElement.dataset.app"


@pytest.fixture
def post_page(browser, watch_page, site, embedder):
    """A factory: a page of a fresh context (``new_context`` options) on the embedder's
    origin, watched for the site's and the embedder's origins (checked at the end)."""
    contexts, watches = [], []

    def open_post(**options):
        contexts.append(browser.new_context(**options))
        page = contexts[-1].new_page()
        watches.append(watch_page(page, site.origin, embedder.origin))
        return page

    yield open_post
    for watch in watches:
        watch.check()
    for context in contexts:
        context.close()


def text_of(path) -> str:
    """The text of an HTML file, as an element holding it gives it (its textContent)."""
    return html.unescape(re.sub(r"<[^>]*>", "", path.read_text(encoding="utf-8")))


def frames_of(page) -> dict:
    """{game: its frame} of the blog post's embeds, once each shows its poster."""
    found = {}
    for game in DEALS:
        handle = page.wait_for_selector(f'iframe[title$="{GAMES[game].name}"]')
        found[game] = handle.content_frame()
    for frame in found.values():
        frame.wait_for_selector("[data-action=play-here]")
    return found


def test_tab_reaches_each_posters_play_and_enter_starts_that_frame_alone(
        context, blog, watch_page, wait_ready):  # noqa: F811
    url, servers = blog
    page = context.new_page()
    watch = watch_page(page, *(f"http://localhost:{s.server_address[1]}" for s in servers.values()),
                       url.rsplit("/", 1)[0])
    page.goto(url)
    frames = frames_of(page)
    for game, frame in frames.items():
        page.keyboard.press("Tab")
        assert frame.evaluate("document.activeElement.dataset.action") == "play-here", game
    page.keyboard.press("Enter")
    last = frames["rentz"]
    wait_ready(last)
    assert last.evaluate("window.cardtable.view().game") == "rentz"
    for game in ("the-game", "triggs"):
        assert frames[game].evaluate(APP_STATE) == "poster", game
    watch.check()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_poster_has_no_serious_violation(post_page, site, embedder, size):
    page = post_page(**SIZES[size])
    page.goto(embedder.page_for(site.link("#/the-game?seed=friday&players=1")))
    frame = embedder.embedded(page, site.url)
    frame.wait_for_selector(".poster-picture main")
    frame.evaluate(AXE + "\n;true")
    result = frame.evaluate("axe.run(document, {resultTypes: ['violations']})")
    serious = [(v["id"], [n["target"] for n in v["nodes"]][:4])
               for v in result["violations"] if v["impact"] in SERIOUS]
    assert not serious, serious
    play = frame.locator("[data-action=play-here]")
    assert play.get_attribute("type") == "button"
    assert frame.evaluate("document.querySelectorAll('button:not([inert] *)').length") == 1


def test_the_poster_takes_the_links_theme_and_language(post_page, site, embedder):
    page = post_page(color_scheme="light")
    backgrounds = {}
    for theme in ("light", "dark"):
        page.goto(embedder.page_for(site.link(f"#/triggs?seed=t&players=2&theme={theme}&lang=pt")))
        frame = embedder.embedded(page, site.url)
        frame.wait_for_selector("[data-action=play-here]")
        assert frame.evaluate("document.documentElement.dataset.theme") == theme
        assert frame.evaluate("document.documentElement.lang") == "pt"
        frame.wait_for_selector(".poster-picture main")
        assert frame.evaluate("document.querySelector('.poster-picture').textContent") \
            == text_of(site.dist / "posters" / "triggs-pt.html")
        backgrounds[theme] = frame.evaluate("getComputedStyle(document.body).backgroundColor")
        page.goto("about:blank")
    assert backgrounds["light"] != backgrounds["dark"]


def test_the_frame_tells_its_parent_its_height(post_page, site, embedder, wait_ready):
    page = post_page()
    page.add_init_script("window.heights = []; addEventListener('message', (e) => {"
                         " if (e.data && e.data.cardtable === 'height')"
                         " window.heights.push(e.data.height); });")
    page.goto(embedder.page_for(site.link("#/the-game?seed=friday&players=1")))
    frame = embedder.embedded(page, site.url)
    frame.wait_for_selector(".poster-picture main")
    deadline = time.monotonic() + 10
    while not page.evaluate("window.heights.length") and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    poster = page.evaluate("window.heights.at(-1)")
    assert poster == frame.evaluate("Math.ceil(document.body.getBoundingClientRect().height)")
    frame.click("[data-action=play-here]")
    wait_ready(frame)
    frame.wait_for_selector("main.table")
    page.wait_for_timeout(500)
    assert page.evaluate("window.heights.at(-1)") == frame.evaluate(
        "Math.ceil(document.body.getBoundingClientRect().height)")


def test_the_poster_names_the_deal_and_the_choices_that_are_not_the_defaults(post_page, site,
                                                                              embedder):
    page = post_page()
    page.goto(embedder.page_for(site.link(
        "#/the-game?seed=fri.day&players=3&min_cards=3&small_hands=off&start=first")))
    frame = embedder.embedded(page, site.url)
    deal = frame.wait_for_selector("#poster-deal").text_content()
    assert deal == "Deal fri.day · 3 players · Minimum cards per turn: 3"
    page.goto("about:blank")  # (the post's address differs only in its fragment)
    page.goto(embedder.page_for(site.link("#/rentz?daily=2026-12-02&lang=ro")))
    frame = embedder.embedded(page, site.url)
    assert frame.wait_for_selector("#poster-deal").text_content() == tr("ro", "Today's deal")
    assert frame.locator("[data-action=play-here]").text_content() == tr("ro", "Play") != "Play"


def test_the_snippets_script_makes_the_frame_as_tall_as_the_game(browser, watch_page, site,
                                                                 tmp_path, wait_ready):
    """The Embed panel's snippet with "Height follows the game", pasted into a post on
    another site: the frame's height follows the poster's, then the table's."""
    session = Session.new(default_setup("rentz"), "tall")
    snippet = sharing.embed_snippet(site.url + "index.html", session,
                                    {"size": "wide", "height": "on"})
    (tmp_path / "post.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>A post</title>"
        f"<link rel='icon' href='data:,'></head><body><h1>A deal</h1>{snippet}</body></html>")
    post = SiteServer(("127.0.0.1", 0), partial(SiteHandler, directory=str(tmp_path)))
    threading.Thread(target=post.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        post_origin = f"http://127.0.0.1:{post.server_address[1]}"
        watch = watch_page(page, site.origin, post_origin)
        page.goto(f"{post_origin}/post.html")
        frame = page.wait_for_selector("iframe").content_frame()
        frame.wait_for_selector(".poster-picture main")
        tall = "Math.ceil(document.body.getBoundingClientRect().height)"
        poster = frame.evaluate(tall)
        page.wait_for_function(f"document.querySelector('iframe').style.height === '{poster}px'")
        frame.click("[data-action=play-here]")
        wait_ready(frame)
        frame.wait_for_selector("main.table")
        page.wait_for_timeout(500)
        table = frame.evaluate(tall)
        assert table != poster
        assert page.evaluate("document.querySelector('iframe').style.height") == f"{table}px"
        watch.check()
    finally:
        context.close()
        post.shutdown()
        post.server_close()
