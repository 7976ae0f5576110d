"""Embedded deals in a blog post (issue 50): what each embed costs before a tap, and how long
a tapped poster takes to be ready against today's frame.

    python bench/embed.py [--runs N] [--before-runs N] [--trace-runs N] [--settle-seconds S]
                          [--game GAME] [--json-only]

A blog post on another site (served from 127.0.0.1) embeds deals with the Embed panel's
snippet (``cardtable.web.sharing.embed_snippet``, its default choices: a phone-shaped frame,
``loading="lazy"``, the poster), below a heading and two paragraphs, all in view. Each
frame's site is dist/ served by a server of its own on ``localhost:<port>`` (another site
than the post's), which counts what it sent: bodies as served, gzipped as GitHub Pages
compresses them (``sitebuild.server``), with GitHub Pages' ``Cache-Control: max-age=600``.
dist/ is built (``build.py build``) only when missing. Chromium (Debian's,
``sitebuild.install.CHROMIUM``) runs with
``--disable-site-isolation-trials``: the frames live in the post's process and on its main
thread, as on most phones. A fresh context each time (no cache, no service worker).

1. Before a tap: the post with three embeds (The Game, Triggs, Rentz). Once every frame
   shows its poster (``<html data-app="poster">``) and its picture (``.poster-picture
   main``), the bench waits --settle-seconds more, then reads per embed the bytes its
   server sent and the requests it answered, and the post's long tasks (over 50 ms, Long
   Tasks API, observed from the post's first line by an init script: the frames' tasks run
   on that thread and are counted there) from its start to the end of that window. The same
   for "today's frame": the three links carry ``poster=off`` (the frame starts at once, as
   every frame did before the poster), over the window until the three are ready plus the
   same settle time. And the post without any embed, to show what the post costs alone.
   --before-runs runs of each, alternating. Chromium gives the same long tasks to the post
   and to every frame, attributed "unknown": they cannot be told apart by embed. So
   --trace-runs more runs of each record a Chromium trace (as DevTools' performance panel
   does): the post's main thread's tasks with their wall time and the thread's CPU time in
   them (on a loaded machine a task waits for a core and its wall time grows), each task
   over 50 ms with the embeds its events name. Tracing slows the page: these runs' long
   tasks are not counted with the others.
2. Tap -> ready: the post with one embed of --game over a good 4G (10 Mbit/s down, 5 up,
   40 ms; CDP ``Network.emulateNetworkConditions`` on the post's page, which holds the
   frame's requests too with site isolation off: the bench checks that the frame has no
   target of its own and that its downloads arrived at no more than the emulated rate).
   (a) the poster: from the click on Play (the click event's time in the frame) to the
   frame's ``data-app="ready"``; (b) today's frame (``poster=off``): from the frame's
   navigation start (its ``performance.timeOrigin``) to ready, and also from when the post's
   parser put the iframe into the DOM. --runs runs, each kind in a fresh context, the order
   alternating run by run; medians, and each run's a/b with a 95% interval of its median
   (``bench/startup.py``'s ``paired_ratios``: none below 6 runs).
The frame's page forbids eval (its CSP): the bench polls ``frame.evaluate`` for its state.
Goals (issue 50): before a tap, at most 60 KB gzipped per embed and no long task on the
post's main thread; tap -> ready at most today's frame's time (a/b at most 1.0).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(BENCH))

from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.web import sharing  # noqa: E402
from cardtable.web.lobby import default_setup  # noqa: E402
from cardtable.web.session import Session  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from sitebuild.install import CHROMIUM  # noqa: E402
from sitebuild.project import DIST  # noqa: E402
from sitebuild.server import SiteHandler, SiteServer  # noqa: E402
from startup import CHROMIUM_ARGS, NETWORKS, emulate_network, paired_ratios  # noqa: E402

GOALS = {"poster_bytes": 60_000, "poster_long_tasks": 0, "tap_over_today": 1.0}
# The deals of the post, as the embed test's (tests/browser/test_engines_embed.py).
DEALS = {"the-game": "friday", "triggs": "puzzle-2", "rentz": "puzzle-3"}
NETWORK = NETWORKS["good-4g"]
# The runtime, which no poster may fetch before its Play is tapped (as the embed test).
RUNTIME = ("pyodide/", "pyscript/", "cardtable.zip", "parts/", "assets/boot.js",
           "assets/snapshot.js", "sw.js")
VIEWPORT = {"width": 1300, "height": 1000}
READY_TIMEOUT_S = 180
POLL_S = 0.05

# Runs first in the post and in every frame: the long tasks of the thread (with their
# attribution), when <html data-app> took each value, when Play was clicked, when PyScript
# reported each boot step, and (in the post) when the parser put the first iframe into the DOM.
PROBE = """
(() => {
  const bench = window.__bench = { longtasks: [], states: {}, tap: null, iframe: null,
                                   phases: {} };
  addEventListener("py:progress", ({ detail }) => { bench.phases[detail] = performance.now(); });
  try {
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) {
        bench.longtasks.push({ start: task.startTime, duration: task.duration,
                               by: task.attribution.map((a) => a.name) });
      }
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  new MutationObserver((records) => {
    const state = document.documentElement?.dataset.app;
    if (state && !(state in bench.states)) bench.states[state] = performance.now();
    if (bench.iframe === null && document.querySelector("iframe")) {
      bench.iframe = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true,
                         attributeFilter: ["data-app"] });
  addEventListener("click", (event) => {
    if (event.target.closest?.("[data-action=play-here]")) bench.tap = event.timeStamp;
  }, true);
})();
"""
STATE = "document.documentElement.dataset.app"
PICTURE = "!!document.querySelector('.poster-picture main')"

POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Three deals to try</title>
<link rel="icon" href="data:,">
<style>body{{font:17px/1.5 Georgia,serif;margin:16px 24px}}
.deals{{display:flex;gap:12px;align-items:flex-start}}</style></head>
<body><h1>Three deals to try this weekend</h1>
<p>Each of these deals has a way through; none of them is easy. The first is a game of The
Game alone, the second a two-handed Triggs, the third a hand of Rentz against two bots.</p>
<p>Tap Play on the one you want: nothing of the game loads before you do.</p>
<div class="deals">
{embeds}
</div>
<p>Tell me in the comments which one you won.</p>
</body></html>
"""


class CountingServer(SiteServer):
    """dist/ served as GitHub Pages does, noting what it sent for each request: its path,
    status, body bytes as sent (gzipped where compressed) and header bytes, and when."""

    def __init__(self, directory: Path):
        handler = type("Handler", (CountingHandler,), {"cache_control": "max-age=600"})
        super().__init__(("127.0.0.1", 0), partial(handler, directory=str(directory)))
        self.sent, self.lock = [], threading.Lock()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def origin(self) -> str:
        return f"http://localhost:{self.server_address[1]}"

    def stop(self) -> None:
        self.shutdown()
        self.server_close()

    def bytes(self, until: float | None = None) -> dict:
        """Bodies, headers and requests sent (until the epoch time ``until``, if given)."""
        with self.lock:
            kept = [entry for entry in self.sent if until is None or entry["at"] <= until]
        return {"body": sum(entry["body"] for entry in kept),
                "with_headers": sum(entry["body"] + entry["headers"] for entry in kept),
                "requests": len(kept)}


class CountingHandler(SiteHandler):
    def send_response(self, code, message=None):
        self.entry = {"path": self.path, "status": code, "body": 0, "headers": 0,
                      "at": time.time()}
        with self.server.lock:
            self.server.sent.append(self.entry)
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length":
            self.entry["body"] = int(value)
        super().send_header(keyword, value)

    def flush_headers(self):
        if getattr(self, "_headers_buffer", None) and hasattr(self, "entry"):
            self.entry["headers"] += sum(map(len, self._headers_buffer))
        super().flush_headers()


def snippet(origin: str, game: str, options: dict | None = None) -> str:
    """The Embed panel's snippet for the post's deal of ``game`` on the site at ``origin``."""
    session = Session.new(default_setup(game), DEALS[game])
    return sharing.embed_snippet(f"{origin}/index.html", session, options)


class Post:
    """A blog post on 127.0.0.1 embedding ``games`` (each served by its own CountingServer;
    ``start_at_once``: the snippets' "start at once", poster=off)."""

    def __init__(self, dist: Path, games: list[str], start_at_once: bool):
        self.folder = Path(tempfile.mkdtemp(prefix="cardtable-embed-"))
        self.servers = {game: CountingServer(dist) for game in games}
        options = {"start": "on"} if start_at_once else None
        embeds = "\n".join(f"<div><p>Deal {n}</p>\n{snippet(server.origin, game, options)}</div>"
                           for n, (game, server) in enumerate(self.servers.items(), start=1))
        (self.folder / "post.html").write_text(POST.format(embeds=embeds))
        self.server = SiteServer(("127.0.0.1", 0),
                                 partial(SiteHandler, directory=str(self.folder)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/post.html"

    def close(self) -> None:
        for server in (self.server, *self.servers.values()):
            server.shutdown()
            server.server_close()
        for entry in self.folder.iterdir():
            entry.unlink()
        self.folder.rmdir()


def new_page(browser, network: dict | None = None):
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(PROBE)
    page = context.new_page()
    if network:
        emulate_network(context.new_cdp_session(page), network)
    return page


def frame_of(page, game: str):
    """The Frame of ``game``'s embed (its iframe's title names the game)."""
    handle = page.wait_for_selector(f'iframe[title="cardtable: {GAMES[game].name}"]',
                                    state="attached", timeout=READY_TIMEOUT_S * 1000)
    for _ in range(int(READY_TIMEOUT_S / POLL_S)):
        frame = handle.content_frame()
        if frame is not None and frame.url.startswith("http"):
            return frame
        time.sleep(POLL_S)
    raise RuntimeError(f"{game}'s frame never loaded")


def poll(frame, expression: str, wanted, timeout_s: float = READY_TIMEOUT_S):
    """Evaluate ``expression`` in ``frame`` until ``wanted(value)``; the value. Raises on
    data-app="error" or after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            value = frame.evaluate(expression)
            if wanted(value):
                return value
            if frame.evaluate(STATE) == "error":
                raise RuntimeError(f"{frame.url}: data-app=error")
        except PlaywrightError:  # the document is being replaced
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{frame.url}: {expression} still {value!r} after {timeout_s} s")
        time.sleep(POLL_S)


def has_own_target(page, frame) -> bool:
    """Whether ``frame`` is a target of its own (another process: site isolation on)."""
    try:
        page.context.new_cdp_session(frame).detach()
        return True
    except PlaywrightError:
        return False


def long_tasks(tasks: list) -> dict:
    durations = [task["duration"] for task in tasks]
    by = sorted({name for task in tasks for name in task["by"]})
    return {"count": len(durations), "total_ms": round(sum(durations), 1),
            "max_ms": round(max(durations), 1) if durations else 0, "attributed_to": by}


# What a trace records of the main thread's tasks (as DevTools' performance panel does).
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]
LONG_MS = 50


def main_thread_tasks(trace: Path, who: dict) -> dict:
    """The tasks of the post's renderer main thread in a Chromium trace: their wall time
    (what the Long Tasks API sees) and the thread's CPU time in them (what the work costs:
    on a loaded machine the thread waits for a core inside a task, and the wall time grows).
    Each task over LONG_MS of wall time, with what its events name (``who`` maps a port to
    an embed's game or "post"; none named: the page's rendering of all its frames)."""
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    pids = {e["pid"] for e in events
            if e.get("name") == "ResourceSendRequest" and "/post.html" in json.dumps(e.get("args"))}
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name" and e["pid"] in pids
             and e["args"].get("name") == "CrRendererMain"}
    on_main = sorted((e for e in events if (e.get("pid"), e.get("tid")) in mains
                      and e.get("ph") == "X"), key=lambda e: e["ts"])
    tasks = [e for e in on_main if e["name"] == "RunTask"]
    long, ports = [], re.compile(r"(?:localhost|127\.0\.0\.1):(\d+)")
    for task in tasks:
        if task["dur"] / 1000 <= LONG_MS:
            continue
        end = task["ts"] + task["dur"]
        named = {who.get(port, port) for e in on_main if task["ts"] <= e["ts"] < end
                 for port in ports.findall(json.dumps(e.get("args", {})))}
        long.append({"wall_ms": round(task["dur"] / 1000, 1),
                     "cpu_ms": round(task.get("tdur", 0) / 1000, 1), "by": sorted(named)})
    return {"tasks": len(tasks),
            "wall_ms": round(sum(t["dur"] for t in tasks) / 1000, 1),
            "cpu_ms": round(sum(t.get("tdur", 0) for t in tasks) / 1000, 1),
            "over_50ms_wall": long,
            "over_50ms_cpu": sum(t.get("tdur", 0) / 1000 > LONG_MS for t in tasks)}


# Part 1 -----------------------------------------------------------------------------------

def before_tap(browser, dist: Path, kind: str, settle_s: float, traced: bool = False) -> dict:
    """One post: "poster" (three posters), "today" (three poster=off frames) or "none" (the
    post alone). Waits for the posters and pictures (or for the three to be ready), then
    ``settle_s``; what each embed's server sent, and the post's long tasks (``traced``: and
    its main thread's tasks as a Chromium trace records them, CPU time included)."""
    games = [] if kind == "none" else list(DEALS)
    post = Post(dist, games, start_at_once=kind == "today")
    page = new_page(browser)
    trace = post.folder / "trace.json"
    try:
        if traced:
            browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
        started = time.time()
        page.goto(post.url, wait_until="commit")
        frames = {game: frame_of(page, game) for game in games}
        shown, ready_at = {}, {}
        for game, frame in frames.items():
            if kind == "poster":
                poll(frame, STATE, lambda state: state == "poster")
                poll(frame, PICTURE, bool)
                shown[game] = round((time.time() - started) * 1000)
            else:
                poll(frame, STATE, lambda state: state == "ready")
                ready_at[game] = frame.evaluate("performance.timeOrigin + __bench.states.ready")
        if kind == "none":
            page.wait_for_load_state("load")
        window_end = time.time()
        time.sleep(settle_s)
        post_tasks = page.evaluate("__bench.longtasks")
        window_ms = page.evaluate("performance.now()")
        if traced:
            browser.stop_tracing()
            who = {str(server.server_address[1]): game for game, server in post.servers.items()}
            who[str(post.server.server_address[1])] = "post"
            traced = main_thread_tasks(trace, who)
        embeds = {}
        for game, frame in frames.items():
            server = post.servers[game]
            own = frame.evaluate("""() => ({
                state: document.documentElement.dataset.app, tasks: __bench.longtasks,
                parts: typeof window.cardtableParts, states: __bench.states,
                origin: performance.timeOrigin })""")
            embed = {**server.bytes(),
                     "paths": [f"{e['path'].split('?')[0]} {e['status']} {e['body']}"
                               for e in server.sent],
                     "runtime_fetched": [e["path"] for e in server.sent
                                         if any(part in e["path"] for part in RUNTIME)],
                     "state_at_end": own["state"], "parts_object": own["parts"],
                     "own_long_tasks": long_tasks(own["tasks"]),
                     "own_target": has_own_target(page, frame)}
            if kind == "poster":
                embed["shown_ms"] = shown[game]
            else:
                embed["until_ready"] = server.bytes(until=ready_at[game])
                embed["ready_ms"] = round(own["states"]["ready"], 1)
            embeds[game] = embed
        return {"kind": kind, "window_ms": round(window_ms),
                "waited_ms": round((window_end - started) * 1000), "settle_s": settle_s,
                "embeds": embeds, "post_long_tasks": long_tasks(post_tasks),
                "trace": traced or None}
    finally:
        page.context.close()
        post.close()


def before_tap_bench(browser, dist: Path, runs: int, settle_s: float, trace_runs: int) -> dict:
    """``runs`` untraced runs of each kind, alternating, then ``trace_runs`` traced ones
    (tracing slows the page: their long tasks are not counted with the others)."""
    kinds = ("poster", "today", "none")
    results = {kind: [] for kind in kinds}
    traces = {kind: [] for kind in kinds}
    for run in range(runs + trace_runs):
        order = kinds if run % 2 == 0 else tuple(reversed(kinds))
        traced = run >= runs
        for kind in order:
            print(f"before a tap: {kind}, run {run + 1}/{runs + trace_runs}"
                  f"{' (traced)' if traced else ''}", file=sys.stderr, flush=True)
            result = before_tap(browser, dist, kind, settle_s, traced)
            if traced:
                traces[kind].append({**result["trace"], "api_long_tasks": result["post_long_tasks"]})
            else:
                results[kind].append(result)
    out = {"runs": runs, "settle_s": settle_s, "traced": traces}
    for kind, kept in results.items():
        summary = {
            "post_long_tasks": {key: median([r["post_long_tasks"][key] for r in kept])
                                for key in ("count", "total_ms", "max_ms")},
            "post_long_tasks_by_run": [r["post_long_tasks"] for r in kept],
            "window_ms": median([r["window_ms"] for r in kept]),
        }
        embeds = {}
        for game in (kept[0]["embeds"] if kept else {}):
            runs_of = [r["embeds"][game] for r in kept]
            embeds[game] = {
                "body": median([e["body"] for e in runs_of]),
                "body_by_run": [e["body"] for e in runs_of],
                "with_headers": median([e["with_headers"] for e in runs_of]),
                "requests": median([e["requests"] for e in runs_of]),
                "runtime_fetched": sorted({p for e in runs_of for p in e["runtime_fetched"]}),
                "own_target": any(e["own_target"] for e in runs_of),
                "own_long_tasks_by_run": [e["own_long_tasks"] for e in runs_of],
                "paths_first_run": runs_of[0]["paths"],
            }
            if kind == "poster":
                embeds[game]["shown_ms"] = median([e["shown_ms"] for e in runs_of])
                embeds[game]["states_at_end"] = sorted({e["state_at_end"] for e in runs_of})
            else:
                embeds[game]["until_ready"] = {
                    key: median([e["until_ready"][key] for e in runs_of])
                    for key in ("body", "requests")}
                embeds[game]["ready_ms"] = median([e["ready_ms"] for e in runs_of])
        summary["embeds"] = embeds
        out[kind] = summary
    return out


# Part 2 -----------------------------------------------------------------------------------

def tap_to_ready(browser, dist: Path, game: str, kind: str) -> dict:
    """One post with one embed of ``game`` over NETWORK: "poster" (tapped once its picture
    is shown and a second has passed: from the click to ready) or "today" (poster=off: from
    the frame's navigation start to ready)."""
    post = Post(dist, [game], start_at_once=kind == "today")
    page = new_page(browser, NETWORK)
    try:
        page.goto(post.url, wait_until="commit")
        frame = frame_of(page, game)
        if kind == "poster":
            poll(frame, STATE, lambda state: state == "poster")
            poll(frame, PICTURE, bool)
            time.sleep(1)
            before = post.servers[game].bytes()
            tapped = time.time()
            frame.click("[data-action=play-here]")
        poll(frame, STATE, lambda state: state == "ready")
        figures = frame.evaluate("""() => {
            const downloads = performance.getEntriesByType("resource")
                .filter((entry) => entry.transferSize > 0);
            const biggest = downloads.reduce((a, b) => (b.transferSize > a.transferSize ? b : a),
                                             { transferSize: 0, name: "", duration: 0 });
            return { states: __bench.states, tap: __bench.tap, origin: performance.timeOrigin,
                     phases: __bench.phases,
                     biggest: [biggest.name.split("/").pop(), biggest.transferSize,
                               biggest.responseEnd - biggest.responseStart,
                               biggest.initiatorType, biggest.startTime, biggest.responseEnd] };
        }""")
        post_at = page.evaluate("({ origin: performance.timeOrigin, iframe: __bench.iframe })")
        ready = figures["states"]["ready"]
        server = post.servers[game]
        ready_epoch = figures["origin"] + ready
        out = {"kind": kind, "own_target": has_own_target(page, frame)}
        start = figures["tap"] if kind == "poster" else 0
        name, size, ms, initiator, asked, arrived = figures["biggest"]
        out["biggest_download"] = {"file": name, "bytes": size, "ms": round(ms, 1),
                                   "mbit_s": round(size * 8 / ms / 1000, 2) if ms else None,
                                   "initiator": initiator, "asked_ms": round(asked - start, 1),
                                   "arrived_ms": round(arrived - start, 1)}
        out["phases"] = {step: round(at - start, 1) for step, at in figures["phases"].items()}
        start_epoch = (figures["origin"] + start) / 1000
        out["served"] = [[round((e["at"] - start_epoch) * 1000), e["path"].split("?")[0],
                          e["body"]] for e in server.sent]
        if kind == "poster":
            out["ms"] = round(ready - figures["tap"], 1)
            after = server.bytes(until=ready_epoch)
            sent = after["with_headers"] - before["with_headers"]
            out["sent_after_tap"] = sent
            out["mbit_s"] = round(sent * 8 / out["ms"] / 1000, 2)
            out["click_lag_ms"] = round((figures["origin"] + figures["tap"] - tapped * 1000), 1)
        else:
            out["ms"] = round(ready, 1)
            out["from_iframe_in_dom_ms"] = round(ready_epoch - post_at["origin"]
                                                 - post_at["iframe"], 1)
            sent = server.bytes(until=ready_epoch)["with_headers"]
            out["sent_until_ready"] = sent
            out["mbit_s"] = round(sent * 8 / out["ms"] / 1000, 2)
        return out
    finally:
        page.context.close()
        post.close()


def tap_bench(browser, dist: Path, game: str, runs: int) -> dict:
    results = {"poster": [], "today": []}
    for run in range(runs):
        order = ("poster", "today") if run % 2 == 0 else ("today", "poster")
        for kind in order:
            print(f"tap -> ready over good 4G: {kind}, run {run + 1}/{runs}", file=sys.stderr,
                  flush=True)
            results[kind].append(tap_to_ready(browser, dist, game, kind))
    poster, today = results["poster"], results["today"]
    return {
        "game": game, "runs": runs, "network": NETWORK,
        "poster_tap_to_ready_ms": median([r["ms"] for r in poster]),
        "today_navigation_to_ready_ms": median([r["ms"] for r in today]),
        "today_iframe_in_dom_to_ready_ms": median([r["from_iframe_in_dom_ms"] for r in today]),
        "ratio_of_medians": round(median([r["ms"] for r in poster])
                                  / median([r["ms"] for r in today]), 3),
        "paired": paired_ratios([a["ms"] / b["ms"] for a, b in zip(poster, today)]),
        "paired_from_iframe_in_dom": paired_ratios(
            [a["ms"] / b["from_iframe_in_dom_ms"] for a, b in zip(poster, today)]),
        "effective_mbit_s": {"poster": median([r["mbit_s"] for r in poster]),
                             "today": median([r["mbit_s"] for r in today])},
        "frame_has_own_target": any(r["own_target"] for r in poster + today),
        "phases": {kind: phases_of(kept) for kind, kept in results.items()},
        "biggest_download_asked_ms": {kind: median([r["biggest_download"]["asked_ms"]
                                                    for r in kept])
                                      for kind, kept in results.items()},
        "runs_detail": results,
    }


def phases_of(runs: list) -> dict:
    """PyScript's boot steps, the median time of each from the start (tap or navigation)."""
    steps = sorted({step for r in runs for step in r["phases"]},
                   key=lambda step: median([r["phases"].get(step, 0) for r in runs]))
    return {step: median([r["phases"][step] for r in runs if step in r["phases"]])
            for step in steps}


def median(values):
    values = [value for value in values if value is not None]
    return round(statistics.median(values), 1) if values else None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="tap -> ready runs of each kind")
    parser.add_argument("--before-runs", type=int, default=3,
                        help="runs of the post before a tap, of each kind (0: none)")
    parser.add_argument("--settle-seconds", type=float, default=3)
    parser.add_argument("--trace-runs", type=int, default=1,
                        help="more runs before a tap, traced: the main thread's CPU time")
    parser.add_argument("--game", choices=sorted(DEALS), default="the-game",
                        help="the embed timed from tap to ready")
    parser.add_argument("--json-only", action="store_true")
    args = parser.parse_args(argv)

    dist = DIST
    if not (dist / "index.html").is_file():  # built only when missing: others test against it
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], cwd=ROOT, check=True)
    report = {"goals": GOALS, "load_average": os.getloadavg(), "chromium": None}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[*CHROMIUM_ARGS, "--disable-site-isolation-trials"])
        report["chromium"] = browser.version
        if args.before_runs:
            report["before_tap"] = before_tap_bench(browser, dist, args.before_runs,
                                                    args.settle_seconds, args.trace_runs)
        if args.runs:
            report["tap_to_ready"] = tap_bench(browser, dist, args.game, args.runs)
        browser.close()
    report["load_average_after"] = os.getloadavg()
    report["met"] = goals_met(report)
    if not args.json_only:
        print_report(report)
    print(json.dumps(report, indent=2))
    return 0


def goals_met(report: dict) -> dict:
    met = {}
    if "before_tap" in report:
        poster = report["before_tap"]["poster"]
        met["poster_bytes"] = all(max(e["body_by_run"]) <= GOALS["poster_bytes"]
                                  for e in poster["embeds"].values())
        met["poster_long_tasks"] = all(r["count"] <= GOALS["poster_long_tasks"]
                                       for r in poster["post_long_tasks_by_run"])
        met["poster_fetched_no_runtime"] = not any(e["runtime_fetched"]
                                                   for e in poster["embeds"].values())
    if "tap_to_ready" in report:
        paired = report["tap_to_ready"]["paired"]
        met["tap_over_today"] = paired["median"] <= GOALS["tap_over_today"]
    return met


def print_report(report: dict) -> None:
    print(f"Chromium {report['chromium']}, --disable-site-isolation-trials; load average "
          f"{report['load_average'][0]:.1f} before, {report['load_average_after'][0]:.1f} after")
    if "before_tap" in report:
        print_before_tap(report["before_tap"])
    if "tap_to_ready" in report:
        print_tap(report["tap_to_ready"])
    print(f"\ngoals {report['goals']}: met {report['met']}\n")


def print_before_tap(before: dict) -> None:
    print(f"\nBefore a tap: a post with three embeds, medians of {before['runs']} runs "
          f"(bodies as served, gzipped; bytes and requests per embed's server)")
    print(f"{'':32}{'bodies':>11}{'+headers':>11}{'requests':>9}{'bodies until ready':>20}"
          f"{'shown/ready':>13}")
    for kind, label in (("poster", "poster"), ("today", "today's (poster=off)")):
        for game, e in before[kind]["embeds"].items():
            until = e.get("until_ready", {}).get("body")
            when = e.get("shown_ms", e.get("ready_ms"))
            print(f"{label + ', ' + game:32}{e['body']:>11,.0f}{e['with_headers']:>11,.0f}"
                  f"{e['requests']:>9.0f}{'' if until is None else f'{until:,.0f}':>20}"
                  f"{when:>10} ms")
    print(f"long tasks (over 50 ms) on the post's thread, Long Tasks API, from the post's start "
          f"to {before['settle_s']:g} s after the posters showed (today's: were ready):")
    for kind, label in (("poster", "three posters"), ("today", "three of today's frames"),
                        ("none", "the post alone")):
        tasks = before[kind]["post_long_tasks"]
        runs = "; ".join(f"{r['count']} ({r['total_ms']} ms)"
                         for r in before[kind]["post_long_tasks_by_run"])
        print(f"  {label}: median {tasks['count']:.0f}, {tasks['total_ms']} ms in all, "
              f"longest {tasks['max_ms']} ms (window {before[kind]['window_ms']:.0f} ms); "
              f"by run: {runs}")
    for kind, traces in before["traced"].items():
        for trace in traces:
            over = ", ".join(f"{t['wall_ms']} ms ({t['cpu_ms']} CPU; {'/'.join(t['by']) or 'rendering'})"
                             for t in trace["over_50ms_wall"])
            print(f"  traced, {kind}: the main thread ran {trace['tasks']} tasks, "
                  f"{trace['wall_ms']} ms wall, {trace['cpu_ms']} ms CPU; "
                  f"{len(trace['over_50ms_wall'])} over 50 ms wall{': ' + over if over else ''}; "
                  f"{trace['over_50ms_cpu']} over 50 ms of CPU")
    for game, e in before["poster"]["embeds"].items():
        print(f"the {game} poster fetched: {', '.join(e['paths_first_run'])}"
              + (f"; THE RUNTIME: {e['runtime_fetched']}" if e["runtime_fetched"] else ""))


def print_tap(tap: dict) -> None:
    paired = tap["paired"]
    print(f"\nTap -> ready, {tap['game']}, over good 4G (10 Mbit/s down, 5 up, 40 ms), "
          f"medians of {tap['runs']} runs")
    print(f"(a) poster, click on Play to ready:        {tap['poster_tap_to_ready_ms']} ms")
    print(f"(b) today's frame, navigation to ready:    {tap['today_navigation_to_ready_ms']} ms")
    print(f"    today's frame, iframe in DOM to ready: {tap['today_iframe_in_dom_to_ready_ms']} ms")
    print(f"a/b run by run: median {paired['median']}, quartiles {paired['q1']}–{paired['q3']}, "
          f"95% interval of the median {paired['ci95']}; ratio of the medians "
          f"{tap['ratio_of_medians']}; a over iframe-in-DOM-to-ready: "
          f"{tap['paired_from_iframe_in_dom']['median']}")
    print("a and b by run:", ", ".join(
        f"{a['ms']:.0f}/{b['ms']:.0f}" for a, b in zip(tap["runs_detail"]["poster"],
                                                      tap["runs_detail"]["today"])))
    for kind, phases in tap["phases"].items():
        print(f"boot steps, {kind} (ms from {'the tap' if kind == 'poster' else 'navigation'}):",
              ", ".join(f"{step} {at}" for step, at in phases.items()))
    print("the biggest download (pyodide.asm.wasm) asked for, median ms from the start:",
          tap["biggest_download_asked_ms"])
    print(f"rate at which the frame's bytes arrived (as served, with headers): "
          f"{tap['effective_mbit_s']} Mbit/s (emulated: 10); the frame a target of its own "
          f"(another process): {tap['frame_has_own_target']}")


if __name__ == "__main__":
    sys.exit(main())
