"""Start-up of the app against a bare ``loadPyodide()`` page, side by side.

    python bench/startup.py [--runs N] [--json-only]

Both pages are served by one local server with GitHub Pages' caching header
(``Cache-Control: max-age=600``): the app from dist/ under /app/, and a bench-only page,
/bare.html, that imports the very same /app/pyodide/pyodide.mjs and calls loadPyodide().
Each run opens both in a fresh Chromium context (cold: empty HTTP cache, no service worker),
then reloads each (warm: HTTP cache, and for the app its service worker). Runs alternate
app and bare so that load on the machine hits both alike.

Figures (milliseconds from navigation start, medians over the runs):
- tti: ``<html data-app="ready">`` (the app: Python up and the UI interactive; the bare
  page sets it once ``loadPyodide()`` has returned and run one line of Python)
- first_paint: the browser's first-contentful-paint (the app's prerendered lobby)
- phases: when PyScript reported each boot step (``py:progress``), to see where time goes
- bytes: what a first visit downloads (response bodies; and gzip-compressed, as a
  compressing server such as GitHub Pages would send the text files)
The goal is warm app TTI at most 1.3 times warm bare TTI.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
GOAL_RATIO = 1.3

BARE_PAGE = """<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,">
<script type="module">
const { loadPyodide } = await import("./app/pyodide/pyodide.mjs");
const pyodide = await loadPyodide();
pyodide.runPython("import sys");
document.documentElement.dataset.app = "ready";
</script></head><body><p>bare loadPyodide()</p></body></html>
"""

# Runs in every page before its scripts: timestamps of readiness and of PyScript's steps.
PROBE = """
window.__bench = { phases: {} };
addEventListener("py:progress", ({ detail }) => { __bench.phases[detail] = performance.now(); });
new MutationObserver(() => {
  const state = document.documentElement?.dataset.app;
  if (state && state !== "loading" && !__bench.done) {
    __bench.done = performance.now(); __bench.state = state;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] });
"""


def serve_bench_root(dist: Path):
    """Serve a folder with the app under app/ (a link to dist/) and bare.html beside it."""
    root = Path(tempfile.mkdtemp(prefix="cardtable-bench-"))
    (root / "app").symlink_to(dist, target_is_directory=True)
    (root / "bare.html").write_text(BARE_PAGE)
    server = build.make_server(root, cache_control="max-age=600")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, root, f"http://localhost:{server.server_address[1]}/"


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


def one_run(browser, url: str, is_app: bool) -> tuple[dict, dict, list]:
    context = browser.new_context()
    context.add_init_script(PROBE)
    page = context.new_page()
    responses = []
    page.on("requestfinished", lambda request: responses.append(request))
    cold = measure(page, url)
    downloads = [(r.url, r.sizes()["responseBodySize"]) for r in responses]
    if is_app:
        wait_for_service_worker(page)
    warm = measure(page, url, reload=True)
    context.close()
    return cold, warm, downloads


def bytes_of(downloads: list, base: str, root: Path) -> dict:
    """Body bytes of a first visit, and the same files gzipped (a compressing server)."""
    compressed = 0
    for url, size in downloads:
        path = root / url[len(base):].split("?")[0].split("#")[0]
        compressed += len(gzip.compress(path.read_bytes(), 6)) if path.is_file() else size
    return {"requests": len(downloads), "body": sum(size for _, size in downloads),
            "gzip": compressed}


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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json-only", action="store_true")
    args = parser.parse_args(argv)

    dist = build.build(Path(tempfile.mkdtemp(prefix="cardtable-bench-")) / "dist")
    server, root, base = serve_bench_root(dist)
    app_url, bare_url = base + "app/", base + "bare.html"
    app_runs, bare_runs, downloads = [], [], {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM),
                                             args=CHROMIUM_ARGS)
        for run in range(args.runs):
            print(f"run {run + 1}/{args.runs}", file=sys.stderr, flush=True)
            for name, url, runs in (("app", app_url, app_runs), ("bare", bare_url, bare_runs)):
                cold, warm, downloaded = one_run(browser, url, name == "app")
                runs.append({"cold": cold, "warm": warm})
                downloads.setdefault(name, downloaded)
        browser.close()
    server.shutdown()

    app, bare = summarize(app_runs), summarize(bare_runs)
    report = {
        "runs": args.runs,
        "app": app,
        "bare": bare,
        "ratio": {kind: round(app[kind]["tti"] / bare[kind]["tti"], 2) for kind in ("cold", "warm")},
        "goal_warm_ratio": GOAL_RATIO,
        "bytes_first_visit": {name: bytes_of(downloads[name], base, root)
                              for name in ("app", "bare")},
    }
    if not args.json_only:
        print_table(report)
    print(json.dumps(report, indent=2))
    return 0


def print_table(report: dict) -> None:
    app, bare, ratio = report["app"], report["bare"], report["ratio"]
    print(f"cardtable start-up, median of {report['runs']} runs (ms from navigation start)")
    print(f"{'':12}{'app TTI':>10}{'bare TTI':>10}{'ratio':>8}{'app paint':>11}")
    for kind in ("cold", "warm"):
        print(f"{kind:12}{app[kind]['tti']:>10}{bare[kind]['tti']:>10}{ratio[kind]:>8}"
              f"{app[kind]['first_paint']:>11}")
    for name, figures in report["bytes_first_visit"].items():
        print(f"first visit, {name}: {figures['requests']} requests, "
              f"{figures['body'] / 1e6:.2f} MB bodies, {figures['gzip'] / 1e6:.2f} MB gzipped")
    print("app boot steps (warm):", ", ".join(f"{k} {v}" for k, v in app["warm"]["phases"].items()))
    print()


if __name__ == "__main__":
    sys.exit(main())
