"""Embedding a deal in another page (issue #50), the Python side: the page's link keys
(``theme``, ``poster``), the Embed panel's choices and the snippet they write, and "Play
more on cardtable" at the end of a game in another page's frame."""

import random
from html.parser import HTMLParser

import pytest
from html_page import Page, screen_html

from cardtable import i18n
from cardtable.engine.registry import GAMES
from cardtable.web import links, sharing
from cardtable.web.controller import Controller
from cardtable.web.lobby import default_setup
from cardtable.web.session import Session
from cardtable.web.storage import Store

SITE = "https://Example.org:8443/cardtable/index.html"
ORIGIN = "https://example.org:8443"
DEAL = "#/the-game?seed=r1&players=2&seats=human,casual"


def controller(store=None, **keywords) -> Controller:
    return Controller(store or Store(), lambda: "r1", SITE, **keywords)


def at_table(fragment=DEAL, **keywords) -> Controller:
    c = controller(**keywords)
    c.boot(fragment)
    return c


class Snippet(HTMLParser):
    """A snippet as a browser's parser reads it: its comments, its elements with their
    attributes, and the text of its scripts."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.comments, self.elements, self.scripts, self.tags = [], [], [], []
        self.feed(text)
        self.close()

    def handle_comment(self, data):
        self.comments.append(data)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        self.tags.append(tag)

    def handle_data(self, data):
        if self.tags and self.tags[-1] == "script":
            self.scripts.append(data)

    def frame(self) -> dict:
        """The attributes of its one iframe (the test fails if it has not just one)."""
        frames = [attrs for tag, attrs in self.elements if tag == "iframe"]
        assert len(frames) == 1, self.elements
        return frames[0]


def snippet(c: Controller) -> Snippet:
    kind, text, _choices = c.panels.panel
    assert kind == "embed"
    return Snippet(text)


# -- the link's keys for the page ----------------------------------------------------------
@pytest.mark.parametrize("theme", ["light", "dark", "system"])
def test_a_link_may_ask_for_a_theme_silently(theme):
    link = links.parse(f"#/the-game?seed=a1&theme={theme}")
    assert link.theme == theme and link.notices == [] and link.seed == "a1"
    assert links.parse(f"#?theme={theme}").theme == theme


@pytest.mark.parametrize("value", ["blue", "", "Dark", "<b>dark</b>"])
def test_a_theme_it_does_not_have_gives_one_sentence_and_is_ignored(value):
    link = links.parse(f"#/the-game?seed=a1&theme={value}")
    assert link.theme is None and link.error is None and link.seed == "a1"
    (notice,) = link.notices
    assert f"“{value}”" in notice and "means nothing" not in notice
    assert notice.count(".") == 1 and notice.endswith(".")


@pytest.mark.parametrize("fragment", ["#/the-game?seed=a1&poster=off", "#/triggs?poster=on",
                                      "#/rentz?seed=b&players=3&poster=off", "#?poster=off"])
def test_poster_off_and_on_are_read_silently(fragment):
    link = links.parse(fragment)
    assert link.notices == [] and link.error is None


def test_another_poster_value_gives_a_notice():
    (notice,) = links.parse("#/triggs?seed=a1&poster=now").notices
    assert "“now”" in notice and "poster=off" in notice


def test_no_game_has_an_option_named_like_a_key_of_the_page():
    """A game's option and a key of the page in one link would be one key: The Game's
    ``start`` is why the page's key to skip the poster is ``poster``."""
    page_keys = set(links.RESERVED) | set(links.INVITATION_KEYS) | {"daily"}
    for game, spec in GAMES.items():
        assert not {option.key for option in spec.options} & page_keys, game


def test_the_page_keys_beside_the_games_start_option():
    link = links.parse("#/the-game?seed=a1&start=team&poster=off&theme=dark")
    assert link.setup.options["start"] == "team" and link.theme == "dark"
    assert link.notices == []


def test_a_links_theme_holds_beside_an_error_and_on_todays_deal():
    assert links.parse("#/no-such-game?theme=dark").theme == "dark"
    assert links.parse("#/the-game?players=0&theme=light").theme == "light"
    assert links.parse("#/the-game?daily=2026-01-02&theme=dark").theme == "dark"


def test_the_deal_link_carries_neither_theme_nor_poster():
    c = at_table(DEAL + "&theme=dark&poster=off")
    assert c.session.seed == "r1"
    for said in (c.address(), sharing.deal_link(SITE, c.session), c.local.share_text(),
                 c.handle("copy-link", {})[1]):
        assert "theme" not in said and "poster" not in said and "seed=r1" in said


# -- the theme for the visit ---------------------------------------------------------------
def test_a_links_theme_is_the_pages_for_the_visit_until_one_is_picked_in_the_settings():
    store = Store()
    store.write_preference("theme", "light")
    c = controller(store)
    c.boot(DEAL + "&theme=dark")
    assert c.screen().preferences["theme"] == "dark"
    assert store.preferences()["theme"] == "light"  # the setting is not changed
    c.boot("#/triggs?seed=t1")  # another link without a theme: the visit's stays
    assert c.screen().preferences["theme"] == "dark"
    c.handle("setting", {"key": "sound", "value": "on"})  # another setting: it stays
    assert c.screen().preferences["theme"] == "dark"
    c.handle("setting", {"key": "theme", "value": "light"})  # the player picks one
    assert c.screen().preferences["theme"] == "light" and store.preferences()["theme"] == "light"
    c.boot(DEAL)
    assert c.screen().preferences["theme"] == "light"


def test_the_settings_panel_shows_the_theme_in_effect():
    c = at_table(DEAL + "&theme=dark")
    c.handle("settings", {})
    page = Page(screen_html(c.screen()))
    pressed = page.one("button", data_action="setting", data_key="theme", aria_pressed="true")
    assert pressed.attrs["data-value"] == "dark"


def test_a_bad_theme_leaves_the_stored_one():
    store = Store()
    store.write_preference("theme", "dark")
    c = controller(store)
    c.boot(DEAL + "&theme=sepia")
    assert c.screen().preferences["theme"] == "dark"
    assert [role for role, _text in c.messages] == ["status"] and "sepia" in c.messages[0][1]


# -- the snippet ---------------------------------------------------------------------------
def test_the_default_snippet_is_one_comment_then_one_lazy_phone_shaped_frame():
    c = at_table()
    c.handle("embed", {})
    parsed = snippet(c)
    (comment,) = parsed.comments
    assert comment.strip().startswith("cardtable:") and "poster" in comment
    assert "5 MB" in comment and "Play" in comment
    assert c.panels.panel[1].startswith("<!-- cardtable:")
    assert c.panels.panel[1].splitlines()[1].startswith("<iframe")
    frame = parsed.frame()
    assert [tag for tag, _attrs in parsed.elements] == ["iframe"] and parsed.scripts == []
    assert frame["loading"] == "lazy" and frame["title"] == "cardtable: The Game"
    assert (frame["width"], frame["height"]) == ("390", "720")
    assert frame["style"] == "border:0;max-width:100%"
    assert frame["src"].startswith(SITE + "#/the-game?") and "seed=r1" in frame["src"]
    assert "theme=" not in frame["src"] and "poster=" not in frame["src"]
    assert links.parse(frame["src"].split("#", 1)[1]).setup == c.session.setup


@pytest.mark.parametrize("size, width, height", [("phone", "390", "720"),
                                                 ("wide", "720", "560"),
                                                 ("column", "100%", "720")])
def test_each_size_gives_its_width_and_height(size, width, height):
    c = at_table()
    c.handle("embed", {})
    c.handle("embed-choice", {"key": "size", "value": size})
    frame = snippet(c).frame()
    assert (frame["width"], frame["height"]) == (width, height)
    assert frame["loading"] == "lazy" and frame["title"] == "cardtable: The Game"


@pytest.mark.parametrize("theme, in_link", [("system", None), ("light", "theme=light"),
                                            ("dark", "theme=dark")])
def test_the_chosen_theme_is_in_the_frames_link(theme, in_link):
    c = at_table()
    c.handle("embed", {})
    c.handle("embed-choice", {"key": "theme", "value": theme})
    src = snippet(c).frame()["src"]
    assert ("theme=" in src) == (in_link is not None)
    if in_link:
        assert src.endswith("&" + in_link)
        assert links.parse(src.split("#", 1)[1]).theme == theme


def test_start_at_once_skips_the_poster_and_says_so():
    c = at_table()
    c.handle("embed", {})
    c.handle("embed-choice", {"key": "start", "value": "on"})
    parsed = snippet(c)
    assert parsed.frame()["src"].endswith("&poster=off")
    (comment,) = parsed.comments
    assert "poster" not in comment and "scrolls near it" in comment
    c.handle("embed-choice", {"key": "start", "value": "off"})
    assert "poster=" not in snippet(c).frame()["src"]


def test_the_height_script_is_there_only_when_chosen_and_listens_to_its_frame_alone():
    c = at_table()
    c.handle("embed", {})
    assert snippet(c).scripts == [] and "<script" not in c.panels.panel[1]
    c.handle("embed-choice", {"key": "height", "value": "on"})
    parsed = snippet(c)
    assert [tag for tag, _attrs in parsed.elements] == ["iframe", "script"]
    (script,) = parsed.scripts
    assert f'event.origin !== "{ORIGIN}"' in script
    assert "event.source !== frame.contentWindow" in script
    assert 'data.cardtable !== "height"' in script and "data.height" in script
    assert "Math.min(4000, Math.max(200," in script and "Math.round" in script
    assert "document.currentScript" in script
    c.handle("embed-choice", {"key": "height", "value": "off"})
    assert snippet(c).scripts == []


# A page around the script, in Node: the frame it follows (a <p> between them, as a blog's
# editor may put), its listener, and messages sent to it; prints the frame's height after each.
HARNESS = """
const own = {}; const frame = {tagName: "IFRAME", contentWindow: own, style: {}};
const between = {tagName: "P", previousElementSibling: frame};
const document = {currentScript: {previousElementSibling: between}};
let listener; function addEventListener(type, f) { if (type === "message") listener = f; }
SCRIPT
for (const [source, origin, data] of MESSAGES) {
  listener({source: source === "own" ? own : {}, origin, data});
  console.log(frame.style.height || "none");
}
"""


def test_the_height_script_sets_its_frames_height_from_its_frames_messages_alone():
    import json
    import shutil
    import subprocess

    assert shutil.which("node"), "node is needed (python3 build.py test installs it)"
    script = sharing.height_script(ORIGIN).removeprefix("<script>").removesuffix("</script>")
    height = {"cardtable": "height", "height": 1234.4}
    messages = [("other", ORIGIN, height), ("own", "https://else.example", height),
                ("own", ORIGIN, {"cardtable": "size", "height": 900}),
                ("own", ORIGIN, {"cardtable": "height", "height": "900"}), ("own", ORIGIN, None),
                ("own", ORIGIN, height), ("own", ORIGIN, {"cardtable": "height", "height": 1e9}),
                ("own", ORIGIN, {"cardtable": "height", "height": 3})]
    program = HARNESS.replace("SCRIPT", script).replace("MESSAGES", json.dumps(messages))
    shown = subprocess.run(["node", "-e", program], capture_output=True, text=True, check=True,
                           timeout=60).stdout.split()
    assert shown == ["none"] * 5 + ["1234px", "4000px", "200px"]


def test_every_choice_at_once():
    c = at_table()
    c.handle("embed", {})
    for key, value in (("size", "wide"), ("theme", "dark"), ("start", "on"), ("height", "on")):
        c.handle("embed-choice", {"key": key, "value": value})
        assert c.messages == []
    parsed = snippet(c)
    frame = parsed.frame()
    assert frame["src"].endswith("&theme=dark&poster=off") and frame["width"] == "720"
    assert len(parsed.comments) == 1 and len(parsed.scripts) == 1


def test_the_snippet_escapes_what_the_address_holds():
    class Fake:
        setup = default_setup("the-game")
        seed = "r1"

    odd = 'https://a<b.example/x"y/index.html'
    text = sharing.embed_snippet(odd, Fake(), {"height": "on"})
    parsed = Snippet(text)
    assert parsed.frame()["src"].startswith(odd + "#/the-game?")
    assert [tag for tag, _attrs in parsed.elements] == ["iframe", "script"]
    (script,) = parsed.scripts
    assert "</" not in script and "a\\u003cb.example" in script


@pytest.mark.parametrize("code", ["en", "pt", "ro"])
@pytest.mark.parametrize("start", ["off", "on"])
def test_the_comment_is_one_safe_line_in_every_language(code, start):
    c = at_table(browser_languages=(code,))
    assert i18n.language() == code
    c.handle("embed", {})
    c.handle("embed-choice", {"key": "start", "value": start})
    text = c.panels.panel[1]
    first, *_rest = text.splitlines()
    (comment,) = Snippet(text).comments
    assert first == f"<!--{comment}-->" and "--" not in comment and "5 MB" in comment
    assert comment == " " + sharing.comment_text(comment.strip()) + " "  # nothing changed
    if code != "en":
        assert "reader" not in comment


def test_the_comment_can_never_hold_two_hyphens():
    assert sharing.comment_text(">a -- b --- c-") == "a - b - c"


def test_the_size_said_is_what_a_start_downloads_as_the_poster_says_it():
    downloads = {"index.html": [9_000, 3_000], "pyodide/pyodide.asm.wasm": [9e6, 2_600_000],
                 "cardtable.zip": [1e6, 400_000], "parts/rentz.zip": [5e6, 4e6]}
    assert sharing.download_size(downloads) == "3 MB"
    assert sharing.download_size({"a.js": [10, 10]}) == "1 MB"
    c = at_table(start_size="7 MB")
    c.handle("embed", {})
    assert "about 7 MB" in snippet(c).comments[0]


def test_the_origin_is_the_sites():
    assert sharing.site_origin(SITE) == ORIGIN
    assert sharing.site_origin("http://localhost:8000/index.html?x=1") == "http://localhost:8000"
    assert sharing.site_origin("index.html") == ""


# -- the panel and its controls --------------------------------------------------------------
def test_the_panels_choices_are_rows_of_pressed_buttons_and_the_box_shows_the_snippet():
    c = at_table()
    c.handle("embed", {})
    c.handle("embed-choice", {"key": "size", "value": "wide"})
    assert c.focus is None  # the focus stays on the choice just pressed
    page = Page(screen_html(c.screen()))
    for key, values in sharing.EMBED_CHOICES.items():
        buttons = page.find("button", data_action="embed-choice", data_key=key)
        assert [b.attrs["data-value"] for b in buttons] == list(values)
        pressed = [b.attrs["data-value"] for b in buttons if b.attrs["aria-pressed"] == "true"]
        assert pressed == (["wide"] if key == "size" else [values[0]])
    legends = [e.text for e in page.find("legend")]
    assert {"Size", "Theme", "Start at once", "Height follows the game"} <= set(legends)
    assert page.one("textarea", id="panel-text").text == c.panels.panel[1]
    assert page.one("button", data_action="copy-panel")


def test_a_choice_it_does_not_have_is_refused_in_words_and_changes_nothing():
    c = at_table()
    c.handle("embed", {})
    before = c.panels.panel
    for data in ({"key": "size", "value": "huge"}, {"key": "colour", "value": "red"}, {}):
        c.handle("embed-choice", data)
        assert [role for role, _text in c.messages] == ["alert"] and c.panels.panel == before
    c.handle("embed-choice", {"key": "size", "value": "huge"})
    assert c.messages == [("alert", "The embed code has no choice “size=huge”.")]


def test_a_choice_without_the_panel_is_refused():
    c = at_table()
    c.handle("embed-choice", {"key": "size", "value": "wide"})
    assert c.messages == [("alert", "There is no embed code on show.")]
    assert c.panels.panel is None
    lobby = controller()
    lobby.handle("embed-choice", {"key": "size", "value": "wide"})
    assert lobby.messages[0][1].startswith("There is no game on the table")


def test_copy_copies_the_snippet_on_show_and_the_choices_last_the_visit():
    c = at_table()
    c.handle("embed", {})
    c.handle("embed-choice", {"key": "theme", "value": "light"})
    kind, text, _done = c.handle("copy-panel", {})
    assert kind == "copy" and text == c.panels.panel[1] and "theme=light" in text
    c.handle("close-panel", {})
    c.handle("new-deal", {"confirmed": "yes"})
    c.handle("embed", {})
    assert "theme=light" in c.panels.panel[1] and c.panels.panel[2]["theme"] == "light"


# -- after the game, in a frame ------------------------------------------------------------
def finished(c: Controller, game: str) -> None:
    """A game of ``game`` played to its end by random legal moves, on ``c``'s table."""
    session = Session.new(default_setup(game), "end-1")
    rng = random.Random(5)
    while not session.state.is_over:
        session.apply(rng.choice(session.state.legal_actions()))
    c.begin(session)
    c.local.table.ended = True  # a loss the table would let the player take back: ended


@pytest.mark.parametrize("game", GAMES)
def test_play_more_ends_every_game_in_a_frame(game):
    c = controller(embedded=True)
    finished(c, game)
    screen = c.screen()
    assert screen.kind == "end"
    (more,) = Page(screen_html(screen)).find("a", href=SITE)
    assert more.attrs["target"] == "_blank" and more.attrs["rel"] == "noopener"
    assert more.text == "Play more on cardtable"


@pytest.mark.parametrize("game", GAMES)
def test_play_more_is_not_offered_outside_a_frame(game):
    c = controller()
    finished(c, game)
    assert c.screen().kind == "end"
    assert "Play more" not in screen_html(c.screen())
    assert not Page(screen_html(c.screen())).find("a", target="_blank")


def test_play_more_waits_for_the_end():
    c = at_table(embedded=True)
    assert c.screen().kind == "table" and "Play more" not in screen_html(c.screen())
    i18n.set_language("ro")
    c = controller(embedded=True)
    finished(c, "triggs")
    assert "Joacă mai mult pe cardtable" in screen_html(c.screen())
