"""A game's review in Chromium at phone size (issue 52): a finished practice deal of Rentz
is reviewed from the end screen while no task of the page's main thread takes over 50 ms
of its time, its chart and its table of points are drawn, a move that mattered is tried
again as a new game, and the same record reviewed from Records gives the same figures.

A task's time is the main thread's own (the CPU time that Chromium's trace gives each
task, ``tdur``), not the wall time between its start and end, which on a machine
busy with other work counts the moments the system ran something else."""

from __future__ import annotations

import json
from dataclasses import replace

from cardtable.web.lobby import default_setup
from test_a11y import bots_played

SEED = "review-ui-2"  # a deal whose review names moves that mattered
LONG_TASK_MS = 50
# What Chromium's trace names a task of a thread, by version.
TASK_NAMES = {"RunTask", "ThreadControllerImpl::RunTask"}
REVIEW = "window.cardtable.review()"
DONE = f"({REVIEW} || {{}}).state === 'done'"


def finished_practice_deal(seed: str = SEED) -> tuple:
    """A practice deal of Rentz (tricks, three players) played to its end by random bots
    on CPython, as the page saves it, and its link."""
    setup = default_setup("rentz").with_players(3)
    setup = replace(setup, seats=("human", "random", "random"),
                    options={**setup.options, "practice": "tricks"})
    return bots_played(setup, seed, "random")


def open_end_screen(phone, wait_until):
    """The phone's page on the end screen of the finished deal (an older version's save,
    which the page moves in and records)."""
    save, fragment = finished_practice_deal()
    page = phone("")
    page.evaluate(f"localStorage.setItem('cardtable.save', {json.dumps(json.dumps(save))})")
    page.goto("about:blank")
    phone(fragment)
    wait_until(page, "!!document.querySelector('#app main.end')")
    return page


def main_thread_tasks(trace: bytes) -> list:
    """``(thread ms, wall ms)`` of every task of a renderer's main thread in ``trace`` (a
    Chromium trace's JSON)."""
    events = json.loads(trace)["traceEvents"]
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"
            and e["args"].get("name") == "CrRendererMain"}
    return [(e["tdur"] / 1000, e["dur"] / 1000) for e in events
            if e.get("name") in TASK_NAMES and (e["pid"], e["tid"]) in main and "tdur" in e]


def chart_rows(page) -> list:
    """The review chart's table of points, as the rows' cells."""
    return page.evaluate("[...document.querySelectorAll('figure.review-chart table.chart-data"
                         " tbody tr')].map(r => [...r.cells].map(c => c.textContent))")


def test_review_from_the_end_screen_and_from_records(phone, wait_until):
    page = open_end_screen(phone, wait_until)
    browser = page.context.browser
    browser.start_tracing(page=page, categories=["toplevel", "devtools.timeline"])
    page.click('main.end [data-action="review"]')
    wait_until(page, DONE)
    tasks = main_thread_tasks(browser.stop_tracing())
    assert sum(thread for thread, _ in tasks) > 200  # the review's work is traced
    long = [task for task in tasks if task[0] > LONG_TASK_MS]
    assert not long, f"tasks over {LONG_TASK_MS} ms (thread, wall) while reviewing: {long}"
    shown = page.evaluate(REVIEW)
    # the chart, its band of noise and its table: a row a move, the same figures
    assert page.locator("figure.review-chart svg polyline.trend").count() == 1
    assert page.locator("figure.review-chart svg polygon.band").count() == 1
    rows = chart_rows(page)
    assert len(rows) == len(shown["points"]) > 3
    assert [row[0] for row in rows] == [str(p["move"] + 1) for p in shown["points"]]
    wait_until(page, "document.querySelector('.review-progress').textContent"
                     ".startsWith('Review done')")  # drawn in once done
    wait_until(page, "document.querySelector('#app > [role=status]').textContent"
                     ".startsWith('Review done')")  # said to a screen reader too
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # a move that mattered: its position shown when asked for, then tried again as a new game
    assert shown["moments"], "the deal's review names a move that mattered"
    moment = shown["moments"][0]
    wait_until(page, "!!document.querySelector('section.moments[data-state=done]')")
    assert page.locator("#review-position").count() == 0
    page.click(f'[data-action="review-show"][data-move="{moment["move"]}"]')
    wait_until(page, "!!document.querySelector('#review-position')")
    page.click(f'[data-action="review-try"][data-move="{moment["move"]}"]')
    wait_until(page, f"{REVIEW} === null && !!document.querySelector('#app main.table')")
    # the same record from Records: the same figures
    page.click('.menu [data-action="menu"]')
    page.click('#menu-items [data-action="records"]')
    page.click('[data-action="review"][data-index="0"]')
    wait_until(page, DONE)
    assert page.evaluate(REVIEW) == shown
    page.click('[data-action="close-review"]')
    wait_until(page, "!!document.querySelector('#app main.records')")
