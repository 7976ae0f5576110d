"""Start-up never loses a tap: while Python loads, the prerendered lobby says so in words
and keeps the player's taps, marked as pending; once the app is ready it carries them out
in order. The download of Pyodide's WebAssembly is held back by routing, so the taps land
during boot for certain, on a phone-sized touch page (taps) and a desktop page (clicks)."""

import json
import zipfile

import pytest

from sitebuild.dist import START_DOWNLOADS
from sitebuild.package import PARTS
from sitebuild.stdlib import RUNTIME_IMPORTS, START_LAZY_IMPORTS, STDLIB, STDLIB_PART

# Their pages run the site's service worker (conftest.py blocks it elsewhere).
pytestmark = pytest.mark.service_worker

# No service worker: it could serve the runtime past the route.
SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True, "service_workers": "block"},
         "desktop": {"viewport": {"width": 1280, "height": 800}, "service_workers": "block"}}


def pressed(page, action: str) -> list:
    return page.evaluate(f"""[...document.querySelectorAll(
        '#app [data-action="{action}"][aria-pressed="true"]')].map(e => e.dataset.value)""")


@pytest.mark.parametrize("size", list(SIZES))
def test_taps_during_boot_are_kept_and_carried_out_in_order(new_page, site, wait_ready,
                                                            wait_until, size):
    page = new_page(**SIZES[size])
    press = page.tap if size == "phone" else page.click
    held, released = [], []

    def hold(route):
        (route.continue_ if released else held.append)(route)

    page.route("**/pyodide/pyodide.asm.wasm", hold)
    page.goto(site.url, wait_until="domcontentloaded")
    wait_until(page, "!!window.cardtableBoot")
    # Extreme, then 3 players: in the other order the game's change would reset the count.
    press('[data-action="pick-game"][data-value="extreme"]')
    press("#lobby-options > summary")  # opens without Python: the options fold natively
    press('[data-action="players"][data-value="3"]')
    assert page.evaluate("document.documentElement.dataset.app") == "loading"
    assert page.evaluate("[...document.querySelectorAll('#app [data-pending]')]"
                         ".map(e => e.dataset.action)") == ["pick-game", "players"]
    status = page.inner_text("#boot-status")
    assert status.startswith("Loading the game (") and "% done" in status
    assert "Your 2 taps are waiting" in status
    assert pressed(page, "players") == ["1"]  # nothing is carried out yet

    released.append(True)
    for route in held:
        route.continue_()
    wait_ready(page)
    assert pressed(page, "pick-game") == ["extreme"]
    assert pressed(page, "players") == ["3"]
    assert page.locator("#app .seats .seat").count() == 3
    assert page.locator("#app [data-pending]").count() == 0
    assert page.locator("#boot").is_hidden()


# The modules in Python's sys.modules, with the file each was read from, of the page's own
# interpreter (assets/snapshot.js hands the one the page started to whoever imports it).
LOADED_MODULES = """async () => {
  const { loadPyodide } = await import("./assets/snapshot.js");
  const python = await loadPyodide({ stdout: console.log, stderr: console.error });
  return JSON.parse(python.runPython(`import json, sys
json.dumps({n: getattr(m, "__file__", None) for n, m in list(sys.modules.items())})`));
}"""
STDLIB_IN_PAGE = "/lib/python314.zip/"


def test_a_start_imports_from_the_standard_library_only_what_the_cut_ships(page, site,
                                                                           open_app, wait_ready):
    """Python's, Pyodide's and PyScript's start-up, the lobby and a game import only
    modules of the cut standard library (sitebuild/programs/stdlib_closure.py), compiled,
    from the zip that Pyodide loads (none from the part of those a start does not import),
    and each of RUNTIME_IMPORTS is imported by a real start: the list is neither short nor
    stale. Then a returning player's start: the game begun before is in the list of
    unfinished games, whose dates are read at start."""
    open_app(page, site.url + "#/the-game?seed=cut&players=2&lang=ro")
    page.wait_for_selector("[data-action=select]")
    loaded = page.evaluate(LOADED_MODULES)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-action=select]")
    loaded.update(page.evaluate(LOADED_MODULES))
    from_zip = {path[len(STDLIB_IN_PAGE):] for path in loaded.values()
                if path and path.startswith(STDLIB_IN_PAGE)}
    with zipfile.ZipFile(site.dist / "pyodide" / STDLIB) as archive:
        shipped = set(archive.namelist())
    # a frozen module (in Pyodide's binary) names its source, which the zip holds compiled
    assert len(from_zip) > 100 and {path + "c" if path.endswith(".py") else path
                                    for path in from_zip} <= shipped
    assert not [path for path in loaded.values()
                if path and f"{PARTS}/{STDLIB_PART}.zip" in path]
    assert set(RUNTIME_IMPORTS) <= set(loaded)
    assert set(START_LAZY_IMPORTS) <= set(loaded)
    assert loaded["dataclasses"].startswith(STDLIB_IN_PAGE)


# Adds up the layout shifts of the page (those not caused by input), as Cumulative Layout
# Shift does within one session.
LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const shift of list.getEntries()) {
    if (!shift.hadRecentInput) window.__shifts.push(shift.value);
  }
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize("size", list(SIZES))
def test_nothing_moves_when_the_loading_line_goes(new_page, site, wait_ready, size):
    """The loading line takes no room from the lobby, so the lobby stays where it was
    painted first when Python is ready and the line goes: layout shift below 0.01."""
    page = new_page(**SIZES[size])
    page.add_init_script(LAYOUT_SHIFTS)
    page.goto(site.url)
    wait_ready(page)
    page.wait_for_timeout(500)  # the frame after ready, and its layout, are observed
    assert page.locator("#boot").is_hidden()
    assert sum(page.evaluate("window.__shifts")) < 0.01


# Records every value the loading line's bar takes, with its time.
BAR_VALUES = """
window.__bar = [];
addEventListener("DOMContentLoaded", () => {
  const bar = document.getElementById("boot-progress");
  new MutationObserver(() => window.__bar.push([performance.now(), Number(bar.value)]))
    .observe(bar, { attributes: true, attributeFilter: ["value"] });
});
"""
# A network slow enough that the downloads take a few seconds: 16 Mbit/s, 40 ms.
SLOWED = {"offline": False, "latency": 40, "downloadThroughput": 2_000_000,
          "uploadThroughput": 1_000_000}


def test_the_loading_line_moves_with_the_bytes_that_arrive(new_page, site, wait_ready):
    """Over a slowed network the bar moves many times while the runtime downloads, in
    proportion to the bytes that arrived (sitebuild.dist.downloads weighs them), and never
    back."""
    page = new_page(service_workers="block")
    page.add_init_script(BAR_VALUES)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOWED)
    page.goto(site.url)
    wait_ready(page)
    values = [value for _, value in page.evaluate("window.__bar")]
    assert values == sorted(values) and values[-1] < 100
    while_downloading = {round(value) for value in values if 0 < value < 85}
    assert len(while_downloading) >= 10, values
    downloads = json.loads(page.inner_text("#boot-downloads"))
    assert set(downloads) == {path.relative_to(site.dist).as_posix() for pattern in
                              START_DOWNLOADS for path in site.dist.glob(pattern)}
