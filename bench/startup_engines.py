"""Start-up of the app against a bare ``loadPyodide()`` page in each browser engine, cold and warm.

    python bench/startup_engines.py [--runs N] [--engines chromium,firefox,webkit]

The pages are served as bench/startup.py serves them (the app from a fresh build at the
root of its origin, where it makes its memory snapshot, see assets/snapshot.js; bare.html
beside it, npm's Pyodide and one line of Python). Each engine is driven by the browser
tests' own driver (tests/browser/engines: Chromium through Playwright, Firefox ESR through
puppeteer-core, WebKitGTK through selenium and WebKitWebDriver in an Xvfb display), one
engine at a time, one page at a time.

A run opens each page (app, then bare) in a fresh profile and waits until it is ready
(cold: empty HTTP cache, no service worker, no snapshot); the app's visit then waits
until its snapshot worker has answered (``window.cardtableSnapshot.made``). The page then
moves to an empty page of the same origin, which reads what the app's Cache Storage holds
for the snapshot once the first visit has ended, and opens the page again in the same
profile (warm), where the app says how Python started (``window.cardtableSnapshot.boot``:
"restored" from the snapshot, "fallback" after a failed restore, else "normal").

Figures: time to ready, milliseconds from navigation start (``performance.now()`` when
``<html data-app>`` leaves "loading", seen by an observer the bench installs as soon as the
driver hands over the loaded page; a page already ready by then counts as "late", its
time an upper bound), median [min–max] over the runs; app / bare and warm / cold of the
medians. Goal (issue 38): the warm app at most half the cold app in the same run, in
WebKit too; where a warm app did not restore, the cache's entries say whether the
snapshot outlived its first visit.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(0, str(BENCH.parent / "tests" / "browser"))
sys.path.insert(0, str(BENCH))

import pytest  # noqa: E402  (the engines' helpers fail through it)
from playwright.sync_api import sync_playwright  # noqa: E402

from engines import ENGINES, wait_ready, wait_until  # noqa: E402
from engines.chromium import ChromiumPage  # noqa: E402
from engines.firefox import Firefox, FirefoxPage  # noqa: E402
from engines.webkit import Display, WebKitPage  # noqa: E402
from sitebuild.dist import build  # noqa: E402
from sitebuild.install import CHROMIUM  # noqa: E402
from startup import CHROMIUM_ARGS, serve_bench_root  # noqa: E402

WARM_GOAL = 0.5  # warm app / cold app, at most
SNAPSHOT_TIMEOUT_S = 300  # made after ready, a pause, a second Python and 30 MB written
BETWEEN_PAGE = "between.html"
# Installs, once per document, an observer of <html data-app>; what it saw so far.
PROBE = """(() => {
  const root = document.documentElement;
  if (!window.__benchReady) {
    const seen = () => {
      if (root.dataset.app !== "loading" && __benchReady.at === null) {
        __benchReady.at = performance.now();
      }
    };
    window.__benchReady = { at: null, late: root.dataset.app !== "loading" };
    new MutationObserver(seen).observe(root, { attributes: true, attributeFilter: ["data-app"] });
    seen();
  }
  return window.__benchReady;
})()"""
# The snapshot's entries (file names) in the app's Cache Storage (CACHE in assets/snapshot.js).
SNAPSHOT_ENTRIES = """caches.has("cardtable.snapshot").then((there) => there
  ? caches.open("cardtable.snapshot").then((cache) => cache.keys())
      .then((keys) => keys.map((request) => request.url.split("/").pop()))
  : null)"""


@contextmanager
def chromium():
    """A function that opens a fresh Chromium page (Debian's, through Playwright)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield lambda: ChromiumPage.open(browser)
        finally:
            browser.close()


@contextmanager
def firefox():
    """A function that opens a fresh Firefox ESR page (a browser context of its own)."""
    browser = Firefox()
    try:
        yield lambda: FirefoxPage.open(browser)
    finally:
        browser.close()


@contextmanager
def webkit():
    """A function that opens a fresh WebKitGTK page (a MiniBrowser session of its own)."""
    display = Display()
    try:
        yield lambda: WebKitPage.open(display)
    finally:
        display.close()


LAUNCH = {"chromium": chromium, "firefox": firefox, "webkit": webkit}


def visit(page, url: str) -> dict:
    """Open ``url`` and wait until it is ready; its time to ready (ms) and whether the
    probe came late."""
    page.goto(url)
    page.evaluate(PROBE)
    wait_ready(page)
    seen = wait_until(page, "window.__benchReady.at !== null && window.__benchReady")
    return {"ms": round(seen["at"], 1), "late": seen["late"]}


def app_run(page, url: str, between: str) -> dict:
    """A cold and a warm visit of the app in one profile, the snapshot made in between."""
    cold = visit(page, url)
    made = wait_until(page, "window.cardtableSnapshot.made !== undefined"
                      " && String(window.cardtableSnapshot.made)", SNAPSHOT_TIMEOUT_S)
    page.goto(between)
    entries = page.evaluate(SNAPSHOT_ENTRIES)
    warm = visit(page, url)
    return {"cold": cold, "warm": warm, "made": made == "true", "entries": entries,
            "boot": page.evaluate("window.cardtableSnapshot.boot")}


def bare_run(page, url: str, between: str) -> dict:
    """A cold and a warm visit of the bare page in one profile."""
    cold = visit(page, url)
    page.goto(between)
    return {"cold": cold, "warm": visit(page, url)}


def measure_engine(engine: str, runs: int, base: str) -> dict:
    """``runs`` runs of both pages in ``engine``: {"app": [run], "bare": [run]}."""
    out = {"app": [], "bare": []}
    between = base + BETWEEN_PAGE
    with LAUNCH[engine]() as open_page:
        for run in range(runs):
            for name, url, one in (("app", base, app_run), ("bare", base + "bare.html", bare_run)):
                print(f"{engine}: run {run + 1}/{runs}, {name}", file=sys.stderr, flush=True)
                page = open_page()
                try:
                    out[name].append(one(page, url, between))
                finally:
                    page.close()
    return out


def spread(values: list[float]) -> dict:
    """Median, min and max of ``values``."""
    return {"median": round(statistics.median(values), 1), "min": min(values),
            "max": max(values)}


def summarize(runs: dict) -> dict:
    """The figures of one engine's runs (as ``measure_engine`` gives them)."""
    out = {name: {kind: spread([run[kind]["ms"] for run in kept]) for kind in ("cold", "warm")}
           for name, kept in runs.items()}
    ratio = lambda a, b: round(a["median"] / b["median"], 2)  # noqa: E731
    out["app_over_bare"] = {kind: ratio(out["app"][kind], out["bare"][kind])
                            for kind in ("cold", "warm")}
    out["warm_over_cold"] = {name: ratio(out[name]["warm"], out[name]["cold"])
                             for name in ("app", "bare")}
    out["boots"] = [run["boot"] for run in runs["app"]]
    out["made"] = [run["made"] for run in runs["app"]]
    out["entries"] = [run["entries"] for run in runs["app"]]
    out["late"] = sum(run[kind]["late"] for kept in runs.values() for run in kept
                      for kind in ("cold", "warm"))
    return out


def cell(figures: dict) -> str:
    return f"{figures['median']:.0f} [{figures['min']:.0f}–{figures['max']:.0f}]"


def table(summaries: dict, runs: int) -> list[str]:
    """The lines of the table: per engine, each page cold and warm, the ratios, and how the
    warm app started; an engine that failed, its error."""
    lines = [f"time to ready, ms from navigation start: median [min–max] of {runs} runs",
             f"{'engine':10}{'page':6}{'cold':>22}{'warm':>22}{'warm/cold':>11}"]
    for engine, s in summaries.items():
        if "error" in s:
            lines.append(f"{engine:10}failed: {s['error']}")
            continue
        for name in ("app", "bare"):
            lines.append(f"{engine:10}{name:6}{cell(s[name]['cold']):>22}"
                         f"{cell(s[name]['warm']):>22}{s['warm_over_cold'][name]:>11}")
        ratios = s["app_over_bare"]
        warm = s["warm_over_cold"]["app"]
        lines.append(f"{'':10}app/bare: cold {ratios['cold']}, warm {ratios['warm']}; the app's"
                     f" warm/cold {'meets' if warm <= WARM_GOAL else 'misses'} the goal"
                     f" (at most {WARM_GOAL})")
        lines.append(f"{'':10}warm app started: {', '.join(s['boots'])}; snapshot made: "
                     f"{', '.join(map(str, s['made']))}; its entries once the first visit"
                     f" had ended: {'; '.join(map(str, s['entries']))}")
        if s["late"]:
            lines.append(f"{'':10}{s['late']} visits were ready before the probe: upper bounds")
    return lines


def engine_list(text: str) -> list[str]:
    """``--engines``: a comma-separated list of ENGINES."""
    engines = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in engines if name not in ENGINES]
    if unknown or not engines:
        raise argparse.ArgumentTypeError(
            f"engines are named among {', '.join(ENGINES)}, not {text!r}")
    return engines


def positive(text: str) -> int:
    """``--runs``: a whole number, at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"the runs are a whole number from 1, not {text!r}")
    return int(text)


def parse(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=positive, default=5, help="runs per engine (default 5)")
    parser.add_argument("--engines", type=engine_list, default=list(ENGINES),
                        help="comma-separated, among " + ", ".join(ENGINES))
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse(argv)
    dist = build(Path(tempfile.mkdtemp(prefix="cardtable-bench-")) / "dist")
    servers, root, base, _ = serve_bench_root(dist)
    (root / BETWEEN_PAGE).write_text("<!doctype html><title>between visits</title>")
    report = {"load_average_before": os.getloadavg(), "runs": {}, "summary": {}}
    for engine in args.engines:
        try:
            report["runs"][engine] = measure_engine(engine, args.runs, base)
            report["summary"][engine] = summarize(report["runs"][engine])
        except (Exception, pytest.fail.Exception) as error:
            report["summary"][engine] = {"error": str(error).splitlines()[0]}
    for server in servers:
        server.shutdown()
    report["load_average_after"] = os.getloadavg()
    print("\n".join(table(report["summary"], args.runs)))
    print(f"load average before {report['load_average_before']}, "
          f"after {report['load_average_after']}")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
