"""Hostile input on CPython: what another page of the same origin may write into
localStorage, files someone hands the player, links any site can make. Each loader
(save, settings, records, import, link) returns a value or a refusal in words, never
raises anything else, and the page's start (:func:`cardtable.web.starting.start`, what
``app.start()`` runs) survives every stored value; a bad value costs that value only,
is kept aside only once the copy landed, and nothing the player did not drop is lost; a
failure of the environment (a part of the package that is not here) moves nothing."""

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.bots import levels
from cardtable.engine.registry import GAMES
from cardtable import parts
from cardtable.parts import PartMissing
from cardtable.web import links, starting
from cardtable.web.controller import Controller
from cardtable.web.settings import Settings
from cardtable.web.lobby import default_setup
from cardtable.web.records.book import BUDGET, RECORDS_KEY, RecordBook, make_record
from cardtable.web.render import menu_html, screen_html
from cardtable.web.saves import GAMES_KEY, MOST
from cardtable.web.session import Session
from cardtable.web.unfinished import saved_deal
from cardtable.web.storage import (ASIDE_PREFIX, BLOCKED_NOTICE, FULL_NOTICE, SAVE_KEY,
                                   SETTINGS_KEY, MemoryBackend, Store)
from cardtable.web.validate import MAX_DEPTH, check_nesting, read_json
from test_records import NOW, played

TODAY = "2026-11-23"
# The records file of the issue: 245 bytes that once stopped every later start.
RECORDS_FILE = json.dumps({"schema": 1, "games": [{
    "game": "the-game", "players": 1, "seats": ["human"], "options": {}, "seed": "s",
    "when": f"{TODAY}T10:00", "result": {},
    "outcome": {"won": False, "score": 0, "better": "lower"}, "actions": None, "moves": 0,
    "digest": "x", "daily": TODAY}]})
DEEP = "[" * 100_000
# Each stored value that stopped the start, by key.
BAD_VALUES = [
    (SAVE_KEY, '{"schema":1,"game":"the-game","players":1e999,"seats":["human"],'
               '"options":{},"seed":"s","actions":[]}'),
    (SAVE_KEY, '{"schema":1,"game":"the-game","players":0,"seats":[],"options":{},'
               '"seed":"s","actions":[]}'),
    (SAVE_KEY, '{"schema":1,"game":"the-game","players":2,"seats":["human","x"],'
               '"options":{},"seed":"s","actions":[]}'),
    (SAVE_KEY, '{"schema":1,"game":"the-game","players":2,"seats":["human",{}],'
               '"options":{},"seed":"s","actions":[]}'),
    (SAVE_KEY, '{"schema":1,"game":"the-game","players":1,"seats":["human"],"options":{},'
               '"seed":"s","actions":[' + "[" * 900 + "]" * 900 + "]}"),
    (SAVE_KEY, '{"game":"the-game","actions":5}'),
    (SAVE_KEY, '{"schema":1,"game":"the-game","players":1,"seats":["human"],'
               '"options":{"min_cards":[]},"seed":"s","actions":[]}'),
    (SETTINGS_KEY, '{"pace":[]}'),
    (SETTINGS_KEY, '{"tours_seen":1}'),
    (RECORDS_KEY, '{"schema":1,"games":[{"game":[]}]}'),
    (RECORDS_KEY, RECORDS_FILE),
    (SAVE_KEY, DEEP), (SETTINGS_KEY, DEEP), (RECORDS_KEY, DEEP),
]


def make(store):
    seeds = (f"fresh{i}" for i in range(1000))
    return Controller(store, lambda: next(seeds), clock=lambda: NOW)


def draw(controller) -> str:
    screen = controller.screen()
    return menu_html(screen) + screen_html(screen)


def start(backend, fragment: str = ""):
    """The page's start on ``backend``: the controller, the HTML drawn, the store."""
    store = Store(backend)
    drawn = []
    controller = starting.start(store, make, fragment, lambda c: drawn.append(draw(c)))
    return controller, drawn[-1], store


def stored(**items) -> MemoryBackend:
    backend = MemoryBackend()
    backend.items.update(items)
    return backend


def alert(controller) -> str:
    return " ".join(text for role, text in controller.messages if role == "alert")


class Quota(MemoryBackend):
    """localStorage with a quota: a write that would pass ``limit`` characters throws."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def setItem(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(str(value)) > self.limit:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


# -- size and depth before parsing ------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    (DEEP, "not a JSON"), ("[" * 50_000 + "]" * 50_000, "nested"), ('{"a":' * 50_000, "not a JSON"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested"),
    ('{"schema": 1, "game": "th', "not a JSON")])
def test_deep_or_unclosed_texts_are_refused_before_parsing(text, words, monkeypatch):
    monkeypatch.setattr(json, "loads", None)  # never reached
    with pytest.raises(ValueError, match=words):
        read_json(text, 10 ** 6)


def test_brackets_inside_strings_do_not_count():
    text = json.dumps(["[[[[" * 1000, {"a": "]{" * 500, "b": '\\"[['}])
    check_nesting(text, 2)
    with pytest.raises(ValueError, match="nested"):
        check_nesting(text, 1)
    assert read_json(text, 10 ** 6)[1] == {"a": "]{" * 500, "b": '\\"[['}


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}', "[1e999]"])
def test_numbers_that_are_not_finite_are_refused(text):
    with pytest.raises(ValueError, match="JSON"):
        read_json(text, 100)


def test_a_long_text_is_refused_without_parsing():
    with pytest.raises(ValueError, match="longer than"):
        read_json("x" * 3_000_000, 2 * BUDGET)


# -- each bad stored value costs that value only -------------------------------------------
@pytest.mark.parametrize("key, text", BAD_VALUES)
def test_each_bad_stored_value_is_kept_aside_and_the_page_starts(key, text):
    others = {k: v for k, v in {SAVE_KEY: None, SETTINGS_KEY: '{"pace": "fast"}',
                                RECORDS_KEY: None}.items() if k != key and v}
    backend = stored(**{key: text}, **others)
    controller, html, _ = start(backend)
    assert controller.failure is None  # no last resort: the loader itself coped
    assert "lobby" in html and "kept aside" in alert(controller)
    assert backend.items[ASIDE_PREFIX + "1"] == text and key not in backend.items
    assert all(backend.items[k] == v for k, v in others.items())


@pytest.mark.parametrize("key, text", BAD_VALUES)
def test_a_bad_link_over_a_bad_stored_value_gives_words_and_the_lobby(key, text):
    controller, html, _ = start(stored(**{key: text}), "#/no-such-game?players=²")
    assert controller.failure is None and "lobby" in html
    assert "does not have" in alert(controller)


@pytest.mark.parametrize("key, text", BAD_VALUES)
def test_the_page_opens_a_link_and_plays_whatever_is_stored(key, text):
    controller, html, _ = start(stored(**{key: text}), "#/the-game?seed=fine&players=1")
    assert controller.sitting.table is not None and 'data-action="play"' in html
    controller.handle("records", {"game": "the-game"})
    assert "records" in draw(controller)


def test_a_record_the_records_screen_cannot_read_costs_that_record_only():
    good = make_record(played("the-game"), NOW)
    text = json.dumps({"schema": 1, "games": [good, json.loads(RECORDS_FILE)["games"][0]]})
    backend = stored(**{RECORDS_KEY: text})
    controller, _, _ = start(backend)
    assert len(controller.browsing.book.games) == 1 and controller.browsing.book.games[0]["seed"] == "rec"
    assert "1 of your recorded games" in alert(controller)
    assert backend.items[ASIDE_PREFIX + "1"] == text


@pytest.mark.parametrize("score, kept", [("Infinity", False), ("NaN", False),
                                          ("1e308", True), ("-1e308", True)])
def test_scores_that_are_not_finite_or_huge_never_reach_the_records_screen(score, kept):
    record = make_record(played("the-game"), NOW)
    text = json.dumps({"schema": 1, "games": [record] * 11}).replace(
        f'"score": {record["outcome"]["score"]}', f'"score": {score}')
    controller, _, _ = start(stored(**{RECORDS_KEY: text}))
    controller.handle("records", {"game": "the-game"})
    assert "records" in draw(controller) and controller.failure is None
    games = controller.browsing.book.games
    assert [game["outcome"] for game in games] == [record["outcome"]] * 11 if kept else games == []


def test_huge_results_never_reach_the_records_screen():
    record = make_record(played("the-game"), NOW)
    huge = {**record, "result": {**record["result"], "cards_left": 1e308}}
    controller, _, _ = start(stored(**{RECORDS_KEY: json.dumps({"schema": 1, "games": [huge]})}))
    assert controller.browsing.book.games == [] and "kept aside" in alert(controller)


# -- kept aside only when the copy landed ---------------------------------------------------
def test_a_text_that_cannot_be_copied_aside_stays_and_is_never_overwritten():
    backend = Quota(4_000_000)
    backend.setItem(RECORDS_KEY, "x" * 3_000_000)
    controller, html, store = start(backend)
    said = alert(controller)
    assert "full" in said and "kept aside" not in said and ASIDE_PREFIX not in said
    assert store.notice != BLOCKED_NOTICE
    controller.handle("start", {})
    assert backend.items[RECORDS_KEY] == "x" * 3_000_000  # untouched
    assert GAMES_KEY in backend.items  # the rest of the storage still works
    controller2, _, _ = start(backend)
    assert "full" in alert(controller2)


def test_a_save_written_when_the_storage_is_full_lasts_the_visit_and_says_so():
    backend = Quota(2_000)
    controller, _, store = start(backend, "#/the-game?seed=full&players=1")
    # a neighbour filled the storage meanwhile: a probe still fits, a save does not
    before = backend.items[GAMES_KEY]
    backend.limit = sum(len(k) + len(v) for k, v in backend.items.items()) + 16
    for _ in range(2):
        controller.sitting.table.act(controller.sitting.table.view["legal"][0])
    controller.local.saved()
    assert store.notice == FULL_NOTICE
    assert len(json.loads(store.get(GAMES_KEY))["games"][0]["save"]["actions"]) == 2
    assert backend.items[GAMES_KEY] == before  # what was stored stays as it was


# -- the last resort ------------------------------------------------------------------------
def drawing_that_fails_while(*keys):
    """A drawing with a bug that any of ``keys`` being readable sets off; it records what it
    drew."""
    drawn = []

    def fragile(controller):
        if any(controller.store.get(key) is not None for key in keys):
            raise RuntimeError("a drawing bug")
        drawn.append(draw(controller))
    return fragile, drawn


def test_when_the_first_drawing_fails_anyway_only_the_key_proved_bad_is_kept_aside():
    saved = Store(MemoryBackend())
    Controller(saved, lambda: "kept", clock=lambda: NOW).boot("#/rentz?seed=kept&players=3")
    backend = stored(**saved.backend.items, **{"cardtable.other": "1", "elsewhere": "mine"})
    games = backend.items[GAMES_KEY]
    fragile, drawn = drawing_that_fails_while("cardtable.other")
    # the page reloaded on the table's link (a table with no move is opened by its link)
    controller = starting.start(Store(backend), make, "#/rentz?seed=kept&players=3", fragile)
    assert isinstance(controller.failure, RuntimeError)
    said = alert(controller)
    assert "“cardtable.other”" in said and f"“{ASIDE_PREFIX}1”" in said and said.endswith(".")
    assert backend.items[ASIDE_PREFIX + "1"] == "1" and "cardtable.other" not in backend.items
    assert backend.items[GAMES_KEY] == games and backend.items["elsewhere"] == "mine"
    assert controller.sitting.table is not None and controller.sitting.table.session.seed == "kept"
    assert drawn


def test_when_no_single_key_is_to_blame_nothing_is_moved_and_the_visit_starts_afresh():
    backend = stored(**{SETTINGS_KEY: "{}", "cardtable.other": "1"})
    before = dict(backend.items)
    fragile, drawn = drawing_that_fails_while(SETTINGS_KEY, "cardtable.other")
    controller = starting.start(Store(backend), make, "", fragile)
    assert "left where it was" in alert(controller) and drawn and "lobby" in drawn[-1]
    controller.handle("setting", {"key": "sound", "value": "on"})  # this visit's, in memory
    assert backend.items == before


@pytest.mark.parametrize("failure", [PartMissing(["game-rentz"]), ImportError("no module"),
                                     OSError("no file")])
def test_a_failure_of_the_environment_moves_nothing_and_is_raised_for_the_page(failure):
    saved = Store(MemoryBackend())
    Controller(saved, lambda: "kept", clock=lambda: NOW).boot("#/rentz?seed=kept&players=3")
    backend = stored(**saved.backend.items, **{SETTINGS_KEY: '{"sound":"on"}'})
    before = dict(backend.items)

    def broken(controller):
        raise failure
    with pytest.raises(type(failure)):
        starting.start(Store(backend), make, "", broken)
    assert backend.items == before


def test_a_link_to_a_game_whose_part_is_on_its_way_leaves_the_table_drawable(monkeypatch):
    """While another game's part is fetched (the page opens the link again once it is
    there), a tap on the table in play draws that table, as its own game."""
    controller, _, _ = start(MemoryBackend(), "#/the-game?seed=drawn&players=1")

    def not_yet(game):
        raise PartMissing([f"game-{game}"])
    monkeypatch.setattr("cardtable.web.controller.table_module", not_yet)
    with pytest.raises(PartMissing):
        controller.boot("#/rentz?seed=later&players=3")
    assert controller.setup.game == "the-game"
    assert 'data-action="play"' in draw(controller)


def test_parts_that_cannot_be_had_open_the_lobby_with_one_sentence_and_move_nothing(
        monkeypatch):
    monkeypatch.setitem(parts.INDEX, "games", {"rentz": ["game-rentz"]})  # as in the page
    backend = stored(**{SETTINGS_KEY: '{"language":"ro"}', "cardtable.other": "1"})
    before = dict(backend.items)
    drawn = []
    controller = starting.start_without(Store(backend), make, lambda c: drawn.append(draw(c)),
                                        ["game-rentz"])
    said = alert(controller)
    assert "Rentz" in said and said.count(".") == 2 and "lobby" in drawn[-1]
    assert backend.items == before


def test_a_language_whose_catalog_cannot_be_had_falls_back_to_english(monkeypatch):
    monkeypatch.setattr(Settings, "speak", lambda self: (_ for _ in ()).throw(
        PartMissing(["language-ro"])))
    drawn = []
    controller = starting.start_without(Store(MemoryBackend()), make,
                                        lambda c: drawn.append(draw(c)), ["language-ro"])
    assert "needs the network once more" in alert(controller)


def test_a_handler_bug_is_said_in_one_sentence_and_the_page_goes_on(monkeypatch):
    controller, _, _ = start(MemoryBackend(), "#/the-game?seed=bug&players=1")
    module = controller.sitting.table.module
    monkeypatch.setitem(module.HANDLERS, "select", lambda table, data: 1 / 0)
    assert controller.handle("select", {"card": "2"}) is None
    assert isinstance(controller.failure, ZeroDivisionError)
    said = alert(controller)
    assert said.count(".") == 1 and "Traceback" not in said and "division" not in said
    assert 'data-action="play"' in draw(controller)


# -- imports --------------------------------------------------------------------------------
def test_the_245_byte_file_is_refused_with_a_sentence_and_changes_nothing():
    controller, _, store = start(MemoryBackend())
    assert len(RECORDS_FILE.encode()) < 300
    controller.handle("import-text", {"text": RECORDS_FILE})
    assert "cannot be imported" in alert(controller) and store.get(RECORDS_KEY) is None


def test_an_imported_record_cannot_claim_a_win_its_moves_did_not_make():
    session = played("the-game", "claim")
    record = make_record(session, NOW)
    assert not record["outcome"]["won"]
    forged = {**record, "result": {**record["result"], "won": True, "cards_left": 0},
              "outcome": {**record["outcome"], "won": True, "score": 0}}
    book = RecordBook(Store())
    book.merge(json.dumps({"schema": 1, "games": [forged]}))
    assert book.games[0]["outcome"] == record["outcome"]
    assert book.games[0]["result"] == json.loads(json.dumps(record["result"]))


def test_an_imported_record_without_moves_keeps_the_outcome_its_result_gives():
    record = make_record(played("the-game", "nomoves"), NOW)
    forged = {**record, "actions": None, "outcome": {**record["outcome"], "won": True}}
    book = RecordBook(Store())
    book.merge(json.dumps({"schema": 1, "games": [forged]}))
    assert book.games[0]["outcome"]["won"] is record["result"]["won"]


def test_an_import_never_drops_the_players_own_records():
    own = [make_record(played("the-game", f"own{i}"), NOW) for i in range(3)]
    book = RecordBook(Store(), budget=len(json.dumps({"schema": 1, "games": own})) + 800)
    for record in own:
        book.add(record)
    future = [{**make_record(played("the-game", f"far{i}"), NOW), "when": "9999-12-31T23:59"}
              for i in range(6)]
    said = book.merge(json.dumps({"schema": 1, "games": future}))
    seeds = [record["seed"] for record in book.games]
    assert all(f"own{i}" in seeds for i in range(3))
    assert all(record["actions"] is not None
               for record in book.games if record["seed"].startswith("own"))
    assert "not imported" in said and "all of yours were kept" in said


# -- an unfinished game is never replaced silently -------------------------------------------
def seeds_listed(controller) -> list:
    return [entry["save"]["seed"] for entry in controller.unfinished.saves.entries]


def test_a_link_to_another_deal_keeps_the_unfinished_game_and_the_lobby_offers_it():
    controller, _, store = start(MemoryBackend(), "#/the-game?seed=first&players=1")
    controller.sitting.table.act(controller.sitting.table.view["legal"][0])
    controller.local.saved()
    first = controller.local.game_id
    controller.boot("#/the-game?seed=second&players=1")
    assert controller.session.seed == "second" and seeds_listed(controller) == ["second", "first"]
    controller.handle("lobby", {})
    html = draw(controller)
    assert f'data-action="continue" class="primary" data-id="{first}"' in html
    assert "The Game, 1 player, 97 cards left, today at 20:15" in html
    controller.handle("continue", {"id": str(first)})
    assert controller.session.seed == "first" and len(controller.session.actions) == 1
    controller.boot("#/the-game?seed=second&players=1")  # the same deal again: resumed
    assert seeds_listed(controller) == ["second", "first"]


def test_starting_from_the_lobby_keeps_the_game_and_new_deal_asks_first():
    controller, _, store = start(MemoryBackend(), "#/the-game?seed=one&players=1")
    controller.sitting.table.act(controller.sitting.table.view["legal"][0])
    controller.local.saved()
    controller.handle("lobby", {})
    controller.handle("start", {})
    started = controller.session.seed
    assert seeds_listed(controller) == [started, "one"]
    controller.handle("continue", {"id": str(controller.unfinished.saves.entries[1]["id"])})
    controller.handle("new-deal", {})
    assert controller.panels.panel[0] == "confirm" and controller.session.seed == "one"
    assert "Deal again? This game (97 cards left) ends here" in draw(controller)
    controller.handle("close-panel", {})
    assert controller.panels.panel is None and seeds_listed(controller) == ["one", started]
    controller.handle("new-deal", {"confirmed": "yes"})
    assert seeds_listed(controller) == [controller.session.seed, started]
    assert controller.session.seed not in ("one", started)


def test_discard_asks_first_and_names_the_game():
    controller, _, store = start(MemoryBackend(), "#/the-game?seed=one&players=1")
    game_id = str(controller.local.game_id)
    controller.handle("lobby", {})
    controller.handle("discard-game", {"id": game_id})
    assert "Discard this game: The Game, 1 player, 98 cards left" in draw(controller)
    assert seeds_listed(controller) == ["one"]
    controller.handle("discard-game", {"id": game_id, "confirmed": "yes"})
    assert seeds_listed(controller) == [] and "was discarded" in controller.messages[0][1]
    controller.handle("discard-game", {"id": game_id, "confirmed": "yes"})
    assert "There is no unfinished game number" in alert(controller)


def test_past_the_lists_room_the_lobby_says_which_game_a_new_one_drops():
    controller, _, store = start(MemoryBackend())
    for _ in range(MOST):
        controller.handle("start", {})
        controller.sitting.table.act(controller.sitting.table.view["legal"][0])
        controller.local.saved()
        controller.handle("lobby", {})
    assert "The list is full: a new game will drop this one: The Game" in draw(controller)
    oldest = controller.unfinished.saves.entries[-1]["save"]["seed"]
    controller.handle("start", {})  # a table with no move yet drops nothing
    assert controller.messages == [] and oldest in seeds_listed(controller)
    table = controller.sitting.table
    controller.handle("select", {"card": str(table.view["legal"][0][1])})
    controller.handle("play", {"pile": str(table.view["legal"][0][2])})  # its first move
    assert controller.messages[0][1].startswith("Dropped to make room: The Game, 1 player,")
    assert oldest not in seeds_listed(controller) and len(seeds_listed(controller)) == MOST


def test_a_link_never_overwrites_an_unreadable_save():
    backend = stored(**{SAVE_KEY: '{"schema":1,"game":"the-game","players":1,"seed":"<x>"}'})
    controller, _, _ = start(backend, "#/the-game?seed=other&players=1")
    assert backend.items[ASIDE_PREFIX + "1"].startswith('{"schema":1')
    assert "kept aside" in alert(controller) and controller.session.seed == "other"


# -- links ----------------------------------------------------------------------------------
def test_many_unknown_keys_are_counted_and_the_first_few_named_quickly():
    query = "&".join(f"k{i}=1" for i in range(200_000))
    began = time.perf_counter()
    link = links.parse("#/the-game?seed=s&players=1&" + query)
    assert time.perf_counter() - began < 3
    assert link.notices == ["The link's “k0”, “k1”, “k2” and 199,997 other keys mean"
                            " nothing here and were ignored."]


@pytest.mark.parametrize("query", ["players=²", "players=١", "players=1_0", "min_cards=٣",
                                   "min_cards=1_0"])
def test_only_ascii_digits_are_numbers(query):
    link = links.parse("#/the-game?seed=s&" + query)
    assert link.error and "not" in link.error and link.setup is None


# -- Hypothesis: each loader over structured garbage -----------------------------------------
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70),
                    st.floats(allow_nan=True, allow_infinity=True), st.just(1e308),
                    st.text(max_size=12), st.sampled_from(["human", "the-game", "rentz", "x"]))
GARBAGE = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=10)


def hostile(base: dict):
    """Texts built from ``base``: some keys replaced by garbage or left out, any JSON,
    deep brackets, long strings, any text."""
    changed = st.builds(
        lambda changes, drops: {**{k: v for k, v in base.items() if k not in drops}, **changes},
        st.dictionaries(st.sampled_from(sorted(base)), GARBAGE, max_size=3),
        st.sets(st.sampled_from(sorted(base)), max_size=2))
    return st.one_of(changed.map(json.dumps), changed.map(json.dumps), GARBAGE.map(json.dumps),
                     st.integers(1, 100_000).map(lambda n: "[" * n),
                     st.integers(1, 300_000).map(lambda n: '"' + "x" * n + '"'),
                     st.text(max_size=40))


FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SAVE = Session.new(default_setup().with_players(2), "hyp").to_save()
RECORD = make_record(played("the-game", "hyp"), NOW)


@FAST
@given(hostile(SAVE))
def test_any_stored_save_leaves_a_page_that_starts(text):
    controller, html, _ = start(stored(**{SAVE_KEY: text}))
    assert controller.failure is None and ("lobby" in html or "table" in html)


@FAST
@given(hostile({"pace": "fast", "tours_seen": ["the-game"], "sound": "on", "theme": "dark"}))
def test_any_stored_settings_leave_a_page_that_starts(text):
    controller, html, _ = start(stored(**{SETTINGS_KEY: text}))
    assert controller.failure is None and "lobby" in html
    controller.boot("#/the-game?seed=s&players=1")
    assert controller.sitting.table is not None


@FAST
@given(hostile({"schema": 1, "games": [RECORD]}) | hostile(RECORD).map(
    lambda text: '{"schema":1,"games":[' + text + "]}"))
def test_any_stored_records_leave_a_page_that_starts(text):
    controller, html, _ = start(stored(**{RECORDS_KEY: text}))
    assert controller.failure is None and "lobby" in html
    controller.handle("records", {"game": "the-game"})
    assert controller.failure is None and "records" in draw(controller)


@FAST
@given(hostile(RECORD).map(lambda text: '{"schema":1,"games":[' + text + "]}"))
def test_any_imported_file_is_imported_or_refused_in_words(text):
    controller, _, store = start(MemoryBackend())
    controller.handle("import-text", {"text": text})
    assert controller.failure is None
    said = " ".join(words for _, words in controller.messages)
    assert said.startswith(("Imported", "This file cannot be imported"))
    controller.handle("records", {"game": "the-game"})
    assert controller.failure is None and "records" in draw(controller)


LINK_PARTS = st.sampled_from(["seed", "players", "seats", "lang", "daily", "min_cards",
                              "small_hands", "start", "x", ""])


@FAST
@given(st.sampled_from([*GAMES, "", "nope"]),
       st.lists(st.tuples(LINK_PARTS, st.text(max_size=12) | st.sampled_from(
           ["1", "2", "²", "human,random", "on", "-1", "9" * 40, "2026-11-23"])), max_size=6))
def test_any_link_opens_a_page_or_says_why(game, pairs):
    from urllib.parse import quote

    fragment = f"#/{game}?" + "&".join(f"{quote(k)}={quote(v)}" for k, v in pairs)
    link = links.parse(fragment)
    assert link is None or link.error is None or isinstance(link.error, str)
    controller, html, _ = start(MemoryBackend(), fragment)
    assert controller.failure is None and ("lobby" in html or "table" in html)


def test_every_bot_level_in_a_saved_seat_is_accepted():
    for game in GAMES:
        spec = GAMES[game]
        players = max(2, spec.min_players)
        for level in levels(game):
            save = {"schema": 1, "game": game, "players": players, "options": {}, "seed": "lv",
                    "actions": [], "seats": ["human"] + [level] * (players - 1)}
            # no move made: its link (a reload) opens it
            controller, _, _ = start(stored(**{SAVE_KEY: json.dumps(save)}), saved_deal(save))
            assert controller.sitting.table is not None, (game, level)
