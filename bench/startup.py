"""Start-up of the app against a bare ``loadPyodide()`` page, side by side.

    python bench/startup.py [--runs N] [--throttled-runs N] [--network-runs N]
                            [--play-seconds S] [--json-only] [--against DIST]
    python bench/startup.py --bytes-only [--background-seconds S] [--link FRAGMENT]

Both pages are served by one local server with GitHub Pages' caching header
(``Cache-Control: max-age=600``): the app from dist/ at the root (where it makes its memory
snapshot: only at the root of an origin, see assets/snapshot.js), and a bench-only page,
/bare.html, that imports Pyodide as npm ships it (the same version, its whole standard
library, under /bare-pyodide/) and calls loadPyodide().
Each run opens both in a fresh Chromium context (cold: empty HTTP cache, no service worker),
then reloads each (warm: HTTP cache, and for the app its service worker and the memory
snapshot it made once ready, see assets/snapshot.js; the bench waits for both). Runs
alternate app and bare so that load on the machine hits both alike.

Figures (milliseconds from navigation start, medians over the runs):
- tti: ``<html data-app="ready">`` (the app: Python up and the UI interactive; the bare
  page sets it once ``loadPyodide()`` has returned and run one line of Python)
- paired: each run's app time over the bare page's, measured back to back: their median,
  quartiles and a 95% interval of that median (the load on the machine drifts between runs
  and moves both pages alike, so this is steadier than the ratio of the two medians)
- first_paint: the browser's first-contentful-paint (the app's prerendered lobby)
- phases: when PyScript reported each boot step (``py:progress``), to see where time goes
- bytes: what a first visit downloads (response bodies; and gzip-compressed, as a
  compressing server such as GitHub Pages would send the text files)
- boot: how the warm app started Python ("restored" from its snapshot, else "normal")
- long tasks: main-thread tasks over 50 ms (Long Tasks API) after ready, while the player
  plays a game against strong bots at the fast pace for --play-seconds, in each game
With ``--against DIST`` the second page is not the bare one but the app built in DIST (a
previous commit's dist/, say), served at the root of a second origin (another port; the app
makes its snapshot only at the root of an origin) and measured as the app is: the figures
then compare this build with that one, run by run ("bare" reads "before").
Then the same with Chromium's CPU throttled 4 times (CDP Emulation.setCPUThrottlingRate),
a slow phone's pace: --throttled-runs runs (0: none).
Then first visits only (cold) over a slowed network, app and bare alternating, for each of
NETWORKS (Chromium's network emulation, CDP Network.emulateNetworkConditions, on the bytes
as they travel, gzip-compressed as the server sends them): --network-runs runs each (0:
none); time-to-ready, first paint and the bytes that travelled, for each page.
The server compresses as GitHub Pages does (sitebuild.server.COMPRESSED, gzip on the fly).
With ``--bytes-only``, only one first visit of each page, unthrottled (bytes do not depend
on timing): what it transferred until ready, with the URLs, and until --background-seconds
after ready (the service worker's caching for offline play included); with --link, the
app opened at that fragment (a game's link); with --against, that build's first visit
too, and the difference.
Goals (issue 13): warm app at most 0.5 times warm bare; cold at most 1.1 times; first
paint under 200 ms; no task over 100 ms after ready. Issue 27: a first visit at most 0.85
times the bare page's bytes, and at most 0.9 times its time-to-ready on either network.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitebuild.dist import PYODIDE_FILES, build  # noqa: E402
from sitebuild.install import CHROMIUM  # noqa: E402
from sitebuild.project import NODE_MODULES  # noqa: E402
from sitebuild.server import make_server  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
GOALS = {"warm_ratio": 0.5, "cold_ratio": 1.1, "first_paint_ms": 200, "long_task_ms": 100}
THROTTLE = 4
# Network profiles for first visits: download and upload in bits per second, round trip.
NETWORKS = {
    "good-4g": {"down_bps": 10_000_000, "up_bps": 5_000_000, "latency_ms": 40},
    "slow-4g": {"down_bps": 1_600_000, "up_bps": 750_000, "latency_ms": 150},
}

BARE_PAGE = """<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,">
<script type="module">
const { loadPyodide } = await import("./bare-pyodide/pyodide.mjs");
const pyodide = await loadPyodide();
pyodide.runPython("import sys");
document.documentElement.dataset.app = "ready";
</script></head><body><p>bare loadPyodide()</p></body></html>
"""

# Runs in every page before its scripts: timestamps of readiness and of PyScript's steps,
# and every long task (over 50 ms) of the main thread.
PROBE = """
window.__bench = { phases: {}, longtasks: [] };
addEventListener("py:progress", ({ detail }) => { __bench.phases[detail] = performance.now(); });
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) __bench.longtasks.push([task.startTime, task.duration]);
}).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  const state = document.documentElement?.dataset.app;
  if (state && state !== "loading" && !__bench.done) {
    __bench.done = performance.now(); __bench.state = state;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] });
"""


# The games played for the long-task figures: you and strong bots; your moves are made by
# play_turn below, always the first legal one the table offers.
GAME_LINKS = {
    "the-game": "#/the-game?seed=bench-tg&players=4&seats=human,strong,strong,strong",
    "extreme": "#/extreme?seed=bench-ex&players=4&seats=human,strong,strong,strong",
    "triggs": "#/triggs?seed=bench-tr&players=4&seats=human,strong,strong,strong",
    "rentz": "#/rentz?seed=bench-rz&players=4&seats=human,strong,strong,strong",
}
FAST = "localStorage.setItem('cardtable.settings', JSON.stringify({pace: 'fast'}))"
MY_MOVE = ("document.querySelector('main.end') ? 'over' : (v => v && v.current === 0 && !v.over"
           " && v.legal.some(a => a[0] !== 'pass'))(window.cardtable.view())")


def start_server(directory: Path):
    """A server of ``directory`` with GitHub Pages' caching header, in a thread; its URL."""
    server = make_server(directory, cache_control="max-age=600")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://localhost:{server.server_address[1]}/"


def serve_bench_root(dist: Path, against: Path | None = None):
    """Serve a folder with the app at its root (links to dist/'s files) and bare.html with
    npm's Pyodide under bare-pyodide/; and, when given, the app built in ``against`` at the
    root of a second server. Returns the servers, the folder, the app's URL and the second
    page's (bare.html, or the other build's root)."""
    root = Path(tempfile.mkdtemp(prefix="cardtable-bench-"))
    for entry in dist.iterdir():
        (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    (root / "bare.html").write_text(BARE_PAGE)
    (root / "bare-pyodide").mkdir()
    for name in PYODIDE_FILES:
        (root / "bare-pyodide" / name).symlink_to(NODE_MODULES / "pyodide" / name)
    server, base = start_server(root)
    if not against:
        return [server], root, base, base + "bare.html"
    before, second = start_server(against.resolve())
    return [server, before], root, base, second


def measure(page, url: str, reload: bool = False) -> dict:
    """Load (or reload) and return the page's timings once data-app leaves "loading"."""
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    for _ in range(1200):  # polled: wait_for_selector was seen to miss data-app changes
        try:
            if page.evaluate("window.__bench?.done !== undefined"):
                break
        except PlaywrightError:  # the document is still being replaced
            pass
        page.wait_for_timeout(100)
    result = page.evaluate("""() => ({
        tti: __bench.done, state: __bench.state, phases: __bench.phases,
        first_paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        boot: window.cardtableSnapshot?.boot ?? null,
    })""")
    if result["state"] != "ready":
        raise RuntimeError(f"{url} did not boot: data-app={result['state']}")
    return result


def wait_for_service_worker(page) -> None:
    """Until the service worker controls the page (its precache is then complete)."""
    for _ in range(600):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            return
        page.wait_for_timeout(100)
    raise RuntimeError("the service worker never took control")


def wait_for_snapshot(page) -> bool:
    """Until the app has made (or failed to make) its memory snapshot; whether it made one."""
    for _ in range(1200):
        made = page.evaluate("window.cardtableSnapshot?.made")
        if made is not None:
            return made
        page.wait_for_timeout(100)
    raise RuntimeError("the snapshot was never made")


def new_page(browser, throttle: int, *scripts: str, network: dict | None = None):
    """A page in a fresh context with ``scripts`` run first, its CPU slowed ``throttle``×
    and, with ``network`` (one of NETWORKS), its network too."""
    context = browser.new_context()
    for script in (PROBE, *scripts):
        context.add_init_script(script)
    page = context.new_page()
    if throttle > 1 or network:
        cdp = context.new_cdp_session(page)
    if throttle > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    if network:
        emulate_network(cdp, network)
    return page


def emulate_network(cdp, network: dict) -> None:
    """Chromium's network emulation (one of NETWORKS) on the page of the CDP session ``cdp``."""
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": network["latency_ms"],
        "downloadThroughput": network["down_bps"] / 8,
        "uploadThroughput": network["up_bps"] / 8})


def one_run(browser, url: str, is_app: bool, throttle: int) -> tuple[dict, dict, list]:
    page = new_page(browser, throttle)
    responses = []
    page.on("requestfinished", lambda request: responses.append(request))
    cold = measure(page, url)
    downloads = [(r.url, r.sizes()["responseBodySize"]) for r in responses]
    if is_app:
        wait_for_service_worker(page)
        wait_for_snapshot(page)
    warm = measure(page, url, reload=True)
    page.context.close()
    return cold, warm, downloads


def first_visit(browser, url: str, network: dict) -> dict:
    """A first visit of ``url`` over ``network``: its timings, and what travelled (response
    bodies as sent, compressed where the server compressed them, and headers)."""
    page = new_page(browser, 1, network=network)
    responses = []
    page.on("requestfinished", lambda request: responses.append(request))
    result = measure(page, url)
    sizes = [request.sizes() for request in responses]
    page.context.close()
    result["requests"] = len(sizes)
    result["body_bytes"] = sum(size["responseBodySize"] for size in sizes)
    result["transferred"] = sum(size["responseBodySize"] + size["responseHeadersSize"]
                                for size in sizes)
    return result


def visit_bytes(browser, url: str, after_s: float) -> dict:
    """What a first visit of ``url`` transfers (bodies as sent and headers, its service
    worker's requests included): in the requests made until ready, and in all those made
    until ``after_s`` seconds after ready (what the page then caches for offline play in
    the background included)."""
    page = new_page(browser, 1)
    finished = []
    page.context.on("requestfinished", lambda request: finished.append(request))
    measure(page, url)
    ready = page.evaluate("performance.timeOrigin + __bench.done")  # ms since the epoch
    page.wait_for_timeout(after_s * 1000)
    sent = [(request.timing["startTime"] <= ready, request.url,
             sum(request.sizes()[key] for key in ("responseBodySize", "responseHeadersSize")))
            for request in finished]
    page.context.close()
    before = [(address, size) for early, address, size in sent if early]
    return {"until_ready": sum(size for _, size in before), "requests": len(before),
            "urls": sorted(address.removeprefix(url.rsplit("/", 1)[0] + "/")
                           for address, _ in before),
            "with_background": sum(size for *_, size in sent), "background_requests": len(sent),
            "background_seconds": after_s}


def bytes_bench(browser, base: str, after_s: float, link: str = "",
                before: str | None = None) -> dict:
    """First-visit bytes of the app (opened at ``link``, a fragment such as a game's link)
    and of the bare page (deterministic: one run each); with ``before`` (the URL of
    ``--against``'s build), that build's too."""
    pages = [("app", base + link), ("bare", base + "bare.html")]
    if before:
        pages.append(("before", before + link))
    out = {page: visit_bytes(browser, url, after_s) for page, url in pages}
    out["link"] = link
    out["ratio_until_ready"] = round(out["app"]["until_ready"] / out["bare"]["until_ready"], 3)
    return out


def network_bench(browser, base: str, second: str, runs: int) -> dict:
    """First visits of the app (at ``base``) and of the second page (at ``second``),
    alternating, over each of NETWORKS."""
    out = {}
    for name, network in NETWORKS.items():
        visits = {"app": [], "bare": []}
        for run in range(runs):
            print(f"first visit over {name}, run {run + 1}/{runs}", file=sys.stderr, flush=True)
            for page, url in (("app", base), ("bare", second)):
                visits[page].append(first_visit(browser, url, network))
        figures = {page: {key: median([v[key] for v in kept if v[key] is not None])
                          for key in ("tti", "first_paint", "transferred", "body_bytes",
                                      "requests")}
                   for page, kept in visits.items()}
        out[name] = {**network, "runs": runs, **figures,
                     "ratio_tti": round(figures["app"]["tti"] / figures["bare"]["tti"], 2),
                     "ratio_bytes": round(figures["app"]["transferred"]
                                          / figures["bare"]["transferred"], 2),
                     "paired_tti": paired_ratios([a["tti"] / b["tti"] for a, b in
                                                  zip(visits["app"], visits["bare"])])}
    return out


def play_cards(page, legal: list) -> None:
    """The Game and Extreme: the first legal play, or the end of the turn once it may end."""
    if ["end"] in legal:
        page.click('[data-action="end-turn"]')
        return
    _, card, pile = next(action for action in legal if action[0] == "play")
    page.click(f'[data-action="select"][data-card="{card}"]')
    page.click(f'[data-action="play"][data-pile="{pile}"]')


def play_triggs(page, legal: list) -> None:
    """A draw while one is offered, a bonus cross when due, else the first card discarded."""
    first = legal[0]
    if first[0] == "draw":
        page.click(f'[data-action="triggs-draw"][data-pile="{first[1]}"]')
    elif first[0] == "bonus":
        page.click(f'[data-action="triggs-bonus"][data-row="{first[1]}"]')
    else:
        page.click('[data-action="triggs-card"][data-index="0"]')
        page.click('[data-action="triggs-discard"]')


def play_rentz(page, legal: list) -> None:
    """The first legal choice of sub-game, look at the hand, or card."""
    kind, *args = next(action for action in legal if action[0] != "pass")
    target = {"choose": '[data-action="rentz-choose"][data-sub-game="{}"]',
              "look": '[data-action="rentz-look"]',
              "play": '[data-action="rentz-play"][data-card="{}"]'}[kind]
    page.click(target.format(*args))


PLAY_TURN = {"the-game": play_cards, "extreme": play_cards, "triggs": play_triggs,
             "rentz": play_rentz}


def play(browser, url: str, game: str, seconds: float, throttle: int) -> dict:
    """Plays ``game`` at ``url`` for ``seconds`` (or to its end): your moves made, and the
    main thread's long tasks after ready; where Chromium's renderer crashes, that."""
    try:
        return play_for(browser, url, game, seconds, throttle)
    except PlaywrightError as error:
        if "crashed" not in str(error):
            raise
        print(f"the page crashed while playing {game}: {error}", file=sys.stderr)
        return {"your_moves": None, "long_tasks": None, "over_100ms": None, "max_ms": None,
                "crashed": True}


def play_for(browser, url: str, game: str, seconds: float, throttle: int) -> dict:
    page = new_page(browser, throttle, FAST)
    measure(page, url + GAME_LINKS[game])
    ready = page.evaluate("__bench.done")
    deadline, moves = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        state = page.evaluate(MY_MOVE)
        if state == "over":
            break
        if page.locator("[data-action=tour-skip]").count():  # the first game's tour
            page.click("[data-action=tour-skip]")
        elif state:
            PLAY_TURN[game](page, page.evaluate("window.cardtable.view().legal"))
            moves += 1
        page.wait_for_timeout(50)
    tasks = page.evaluate("__bench.longtasks")
    page.context.close()
    durations = [duration for start, duration in tasks if start >= ready]
    return {"your_moves": moves, "long_tasks": len(durations),
            "over_100ms": sum(d > 100 for d in durations),
            "max_ms": round(max(durations), 1) if durations else 0}


def bytes_of(downloads: list, base: str, root: Path) -> dict:
    """Body bytes of a first visit as the server sent them (it compresses as GitHub Pages
    does), and the same files each gzipped whole."""
    compressed = 0
    for url, size in downloads:
        path = root / url[len(base):].split("?")[0].split("#")[0]
        compressed += len(gzip.compress(path.read_bytes(), 6)) if path.is_file() else size
    return {"requests": len(downloads), "body": sum(size for _, size in downloads),
            "gzip": compressed}


def paired_ratios(ratios: list) -> dict:
    """Each run's app / bare time (the two measured back to back, under the same load):
    their median, quartiles, and a distribution-free 95% interval for the median (order
    statistics of the binomial with p = 1/2; None below 6 runs)."""
    ratios = sorted(ratios)
    n = len(ratios)
    low = high = None
    if n >= 6:
        # the largest j with P(Binomial(n, 1/2) < j) <= 2.5%: the interval [x(j), x(n-j+1)]
        below, j = 0.0, 0
        while below + math.comb(n, j) / 2 ** n <= 0.025:
            below += math.comb(n, j) / 2 ** n
            j += 1
        low, high = round(ratios[j - 1], 3), round(ratios[n - j], 3)
    quartiles = statistics.quantiles(ratios, n=4) if n >= 2 else ratios * 3
    return {"median": round(statistics.median(ratios), 3), "q1": round(quartiles[0], 3),
            "q3": round(quartiles[2], 3), "ci95": [low, high]}


def median(values):
    return round(statistics.median(values), 1) if values else None


def summarize(runs: list[dict]) -> dict:
    out = {}
    for kind in ("cold", "warm"):
        out[kind] = {"tti": median([r[kind]["tti"] for r in runs]),
                     "first_paint": median([r[kind]["first_paint"] for r in runs
                                            if r[kind]["first_paint"] is not None])}
        steps = sorted({step for r in runs for step in r[kind]["phases"]},
                       key=lambda s: median([r[kind]["phases"].get(s, 0) for r in runs]))
        out[kind]["phases"] = {s: median([r[kind]["phases"][s] for r in runs
                                          if s in r[kind]["phases"]]) for s in steps}
    return out


def bench(browser, pages: dict, runs: int, throttle: int, seconds: float,
          against: bool = False) -> dict:
    """The figures of ``runs`` runs with the CPU slowed ``throttle`` times. ``pages``: for
    "app" and "bare", the page's URL and the folder served at its server's root (``against``:
    the second page is another build of the app, not the bare page)."""
    app_url, bare_url = pages["app"][0], pages["bare"][0]
    app_runs, bare_runs, downloads = [], [], {}
    for run in range(runs):
        print(f"run {run + 1}/{runs} (CPU {throttle}x slower)", file=sys.stderr, flush=True)
        for name, url, kept in (("app", app_url, app_runs), ("bare", bare_url, bare_runs)):
            cold, warm, downloaded = one_run(browser, url, name == "app" or against, throttle)
            kept.append({"cold": cold, "warm": warm})
            downloads.setdefault(name, downloaded)
    app, bare = summarize(app_runs), summarize(bare_runs)
    app["warm"]["boots"] = [r["warm"]["boot"] for r in app_runs]
    games = {}
    for game in GAME_LINKS:
        print(f"playing {game} (CPU {throttle}x slower)", file=sys.stderr, flush=True)
        games[game] = play(browser, app_url, game, seconds, throttle)
    return {
        "runs": runs, "cpu_throttle": throttle, "second_page": bare_url,
        "app": app, "bare": bare,
        "ratio": {kind: round(app[kind]["tti"] / bare[kind]["tti"], 2) for kind in ("cold", "warm")},
        "paired": {kind: paired_ratios([a[kind]["tti"] / b[kind]["tti"]
                                        for a, b in zip(app_runs, bare_runs)])
                   for kind in ("cold", "warm")},
        "bytes_first_visit": {name: bytes_of(downloads[name], url.rsplit("/", 1)[0] + "/", root)
                              for name, (url, root) in pages.items()},
        "long_tasks_after_ready": games,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttled-runs", type=int, default=3)
    parser.add_argument("--network-runs", type=int, default=3)
    parser.add_argument("--play-seconds", type=float, default=20)
    parser.add_argument("--json-only", action="store_true")
    parser.add_argument("--against", type=Path, metavar="DIST",
                        help="compare with the app built in DIST instead of the bare page")
    parser.add_argument("--bytes-only", action="store_true",
                        help="only what one first visit of each page transfers, unthrottled")
    parser.add_argument("--background-seconds", type=float, default=10)
    parser.add_argument("--link", default="", metavar="FRAGMENT",
                        help="with --bytes-only: open the app at this fragment (#/<game>?…)")
    args = parser.parse_args(argv)
    if args.against and not (args.against / "index.html").is_file():
        parser.error(f"{args.against} holds no built site (no index.html)")

    dist = build(Path(tempfile.mkdtemp(prefix="cardtable-bench-")) / "dist")
    servers, root, base, second = serve_bench_root(dist, args.against)
    pages = {"app": (base, root), "bare": (second, args.against or root)}
    report = {"goals": GOALS, "load_average": os.getloadavg()}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=CHROMIUM_ARGS)
        if args.bytes_only:
            report["bytes"] = bytes_bench(browser, base, args.background_seconds, args.link,
                                          second if args.against else None)
            browser.close()
            for server in servers:
                server.shutdown()
            print_bytes(report["bytes"])
            print(json.dumps(report, indent=2))
            return 0
        report["normal"] = bench(browser, pages, args.runs, 1, args.play_seconds,
                                 bool(args.against))
        if args.throttled_runs:
            report["throttled"] = bench(browser, pages, args.throttled_runs, THROTTLE,
                                        args.play_seconds, bool(args.against))
        if args.network_runs:
            report["network"] = network_bench(browser, base, second, args.network_runs)
        browser.close()
    for server in servers:
        server.shutdown()
    report["load_average_after"] = os.getloadavg()
    if not args.json_only:
        for key in ("normal", "throttled"):
            if key in report:
                print_table(report[key])
        if "network" in report:
            print_network(report["network"])
        print(f"load average before {report['load_average']}, after {report['load_average_after']}")
    print(json.dumps(report, indent=2))
    return 0


def print_table(report: dict) -> None:
    app, bare, ratio = report["app"], report["bare"], report["ratio"]
    print(f"cardtable start-up, CPU {report['cpu_throttle']}x slower, median of "
          f"{report['runs']} runs (ms from navigation start); bare = {report['second_page']}")
    print(f"{'':12}{'app TTI':>10}{'bare TTI':>10}{'ratio':>8}{'app paint':>11}")
    for kind in ("cold", "warm"):
        print(f"{kind:12}{app[kind]['tti']:>10}{bare[kind]['tti']:>10}{ratio[kind]:>8}"
              f"{app[kind]['first_paint']:>11}")
    for kind, paired in report["paired"].items():
        print(f"{kind} app / bare run by run: median {paired['median']}, quartiles"
              f" {paired['q1']}–{paired['q3']}, 95% interval of the median {paired['ci95']}")
    print("warm app boots:", ", ".join(map(str, app["warm"]["boots"])))
    for name, figures in report["bytes_first_visit"].items():
        print(f"first visit, {name}: {figures['requests']} requests, "
              f"{figures['body'] / 1e6:.2f} MB bodies, {figures['gzip'] / 1e6:.2f} MB gzipped")
    print("app boot steps (warm):", ", ".join(f"{k} {v}" for k, v in app["warm"]["phases"].items()))
    print("long tasks after ready, playing:", "; ".join(
        f"{game}: the page crashed" if f.get("crashed") else
        f"{game} ({f['your_moves']} of your moves) {f['long_tasks']} over 50 ms, "
        f"{f['over_100ms']} over 100 ms, max {f['max_ms']} ms"
        for game, f in report["long_tasks_after_ready"].items()))
    print()


def print_bytes(report: dict) -> None:
    for page in [name for name in ("app", "bare", "before") if name in report]:
        f = report[page]
        print(f"first visit, {page}{' at ' + report['link'] if page == 'app' and report['link'] else ''}: {f['until_ready']:,} bytes in {f['requests']} requests "
              f"until ready; {f['with_background']:,} in {f['background_requests']} "
              f"until {f['background_seconds']:g} s after ready")
    print(f"app / bare until ready: {report['ratio_until_ready']}")
    if "before" in report:
        for key in ("until_ready", "with_background"):
            print(f"app − before ({key}): {report['app'][key] - report['before'][key]:,} bytes")


def print_network(report: dict) -> None:
    print("first visit over a slowed network, medians (ms from navigation start; MB as sent)")
    print(f"{'':10}{'app TTI':>10}{'bare TTI':>10}{'ratio':>7}{'run by run':>12}"
          f"{'app paint':>11}{'bare paint':>12}{'app MB':>8}{'bare MB':>9}{'ratio':>7}")
    for name, f in report.items():
        app, bare = f["app"], f["bare"]
        print(f"{name:10}{app['tti']:>10}{bare['tti']:>10}{f['ratio_tti']:>7}"
              f"{f['paired_tti']['median']:>12}{app['first_paint']:>11}{bare['first_paint']:>12}"
              f"{app['transferred'] / 1e6:>8.2f}{bare['transferred'] / 1e6:>9.2f}"
              f"{f['ratio_bytes']:>7}")
    print()


if __name__ == "__main__":
    sys.exit(main())
