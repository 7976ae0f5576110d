"""The package's parts (cardtable/parts.py): a start fetches the core zip and only the parts
it needs (the game a link opens, the language chosen); once ready, the page caches every
other part in the background; a game opened later fetches its part if it is not there yet;
and a game not opened during the first visit plays offline after that caching."""

import json
import zipfile

import pytest

from sitebuild.package import PARTS, PARTS_INDEX

# Their pages run the site's service worker (conftest.py blocks it elsewhere).
pytestmark = pytest.mark.service_worker

# When the page became ready (ms since navigation start), for the requests made before it.
READY_AT = """
new MutationObserver(() => {
  const state = document.documentElement?.dataset.app;
  if (state === "ready" && window.__readyAt === undefined) window.__readyAt = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] });
"""
# The files of the site that the page itself requested before it was ready (resource timing
# lists fetches and synchronous requests alike), relative to the site's root.
REQUESTED_BEFORE_READY = """() => performance.getEntriesByType("resource")
  .filter((entry) => entry.startTime <= window.__readyAt)
  .map((entry) => new URL(entry.name).pathname.slice(1))"""
# The parts whose zip is in Python's working folder, where cardtable.parts looks for them.
PARTS_THERE = """async (urls) => {
  const { loadPyodide } = await import("./assets/snapshot.js");
  const python = await loadPyodide({ stdout: console.log, stderr: console.error });
  return urls.filter((url) => python.FS.analyzePath(`${python.FS.cwd()}/${url}`).exists);
}"""
NO_SERVICE_WORKER = {"service_workers": "block"}


@pytest.fixture(scope="module")
def index(site) -> dict:
    with zipfile.ZipFile(site.dist / "cardtable.zip") as core:
        return json.loads(core.read(PARTS_INDEX))


def part_urls(index, parts) -> set:
    return {index["parts"][part]["url"] for part in parts}


def requested_parts(page) -> set:
    return {url for url in page.evaluate(REQUESTED_BEFORE_READY)
            if url.startswith(PARTS + "/")}


def test_a_first_visit_to_the_lobby_fetches_the_core_and_no_part(new_page, site, wait_ready,
                                                                 wait_until, index):
    page = new_page()
    page.add_init_script(READY_AT)
    page.goto(site.url)
    wait_ready(page)
    requested = page.evaluate(REQUESTED_BEFORE_READY)
    assert "cardtable.zip" in requested
    assert requested_parts(page) == set()
    # Once ready, every part is cached in the background and written where Python reads it.
    wait_until(page, "window.cardtableParts.cached === true")
    every = sorted(part_urls(index, index["parts"]))
    assert page.evaluate(PARTS_THERE, every) == every


@pytest.mark.parametrize("game", ["the-game", "extreme", "triggs", "rentz"])
def test_a_link_to_a_game_fetches_only_that_games_parts_at_start(new_page, site, wait_ready,
                                                                 index, game):
    page = new_page(**NO_SERVICE_WORKER)
    page.add_init_script(READY_AT)
    page.goto(site.url + f"#/{game}?seed=parts&players=4")
    wait_ready(page)
    page.wait_for_selector("#app main.table")
    assert requested_parts(page) == part_urls(index, index["games"][game])
    assert page.evaluate("window.cardtableParts.start") == index["games"][game]


def test_a_link_in_another_language_fetches_its_catalog_at_start(new_page, site, wait_ready,
                                                                 index):
    page = new_page(**NO_SERVICE_WORKER)
    page.add_init_script(READY_AT)
    page.goto(site.url + "#/rentz?seed=parts&players=4&lang=ro")
    wait_ready(page)
    page.wait_for_selector("#app main.table")
    assert requested_parts(page) == part_urls(index, ["language-ro", *index["games"]["rentz"]])
    assert page.evaluate("document.documentElement.lang") == "ro"
    # the loading line weighs these parts with the rest of the start's downloads
    start_urls = {url.removeprefix(site.url) for url in
                  page.evaluate("window.cardtableParts.startURLs")}
    assert start_urls == part_urls(index, ["language-ro", *index["games"]["rentz"]])
    assert start_urls <= set(json.loads(page.inner_text("#boot-downloads")))


def test_the_lobby_fetches_the_parts_of_its_chosen_game_before_start(new_page, site,
                                                                     wait_ready, index):
    """Once ready, the lobby fetches the parts of the game it shows chosen, and of another
    when the player picks it: Start then finds them there, with no synchronous request."""
    page = new_page(**NO_SERVICE_WORKER)
    page.goto(site.url)
    wait_ready(page)
    with page.expect_request(f"**/{index['parts']['game-triggs']['url']}"):
        page.click("[data-action=pick-game][data-value=triggs]")
    urls = sorted(part_urls(index, index["games"]["triggs"]))
    for _ in range(100):  # until the answer is written where Python finds it
        if page.evaluate(PARTS_THERE, urls) == urls:
            break
        page.wait_for_timeout(100)
    page.click("[data-action=start]")
    page.wait_for_selector("#app main.table.triggs")
    synchronous = page.evaluate("""performance.getEntriesByType("resource")
        .filter((entry) => entry.initiatorType === "xmlhttprequest").map((entry) => entry.name)""")
    assert synchronous == []


def test_opening_another_game_fetches_its_part_when_not_cached_yet(new_page, site, wait_ready,
                                                                  index):
    """Without a service worker the background caching waits (see PARTS_WAIT_MS in
    assets/snapshot.js): a game opened meanwhile fetches its part itself, at once."""
    page = new_page(**NO_SERVICE_WORKER)
    page.goto(site.url + "#/the-game?seed=parts&players=4")
    wait_ready(page)
    page.wait_for_selector("#app main.table")
    assert page.evaluate("window.cardtableParts.cached") is False
    with page.expect_request(f"**/{index['parts']['game-triggs']['url']}"):
        page.evaluate("location.hash = '#/triggs?seed=parts&players=4'")
    page.wait_for_selector("#app main.table.triggs")
    assert page.evaluate("window.cardtable.view().players") == 4


def test_a_game_not_opened_in_the_first_visit_plays_offline(page, context, site, open_app,
                                                           wait_ready, wait_until, index):
    open_app(page, site.url + "#/the-game?seed=parts&players=4")
    wait_until(page, "window.cardtableParts.cached === true")
    wait_until(page, "navigator.serviceWorker.controller !== null")
    # and the memory snapshot, whose worker would otherwise be cut off mid-download
    wait_until(page, "window.cardtableSnapshot.made !== undefined")
    context.set_offline(True)
    page.goto("about:blank")
    page.goto(site.url + "#/triggs?seed=offline&players=4&lang=pt")
    wait_ready(page)
    page.wait_for_selector("#app main.table.triggs")
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("document.documentElement.lang") == "pt"
    assert page.evaluate("window.cardtable.view().players") == 4
