"""A game's review in every engine (issue 52), at a phone's width (390 px; WebKit's window
is no narrower than 447): a finished practice deal of Rentz, on its end screen, is
reviewed with Review until done, and the chart and its table of points are drawn, one row
a move, with nothing wider than the screen; a move that mattered shows its position and
is tried as a new game. Firefox and WebKit get the same figures as Chromium's review of the
same record would (the review is seeded from the record)."""

from __future__ import annotations

import json

from engines import js, open_app, wait_until
from test_engines import returning_player
from test_review_ui import DONE, REVIEW, finished_practice_deal


PHONE = (390, 844)


def test_review_from_the_end_screen(engine_page, site):
    page = engine_page()
    width = page.resize(*PHONE)
    assert width <= 460, f"{page.engine}: {width} px wide"
    returning_player(page, site)
    save, fragment = finished_practice_deal()
    page.evaluate(f"localStorage.setItem('cardtable.save', {js(json.dumps(save))})")
    page.goto("about:blank")
    open_app(page, site.link(fragment))
    wait_until(page, "!!document.querySelector('#app main.end')")
    page.click('main.end [data-action="review"]')
    wait_until(page, DONE)
    wait_until(page, "!!document.querySelector('section.moments[data-state=done]')")  # drawn
    shown = page.evaluate(REVIEW)
    rows = page.evaluate("document.querySelectorAll('figure.review-chart table.chart-data"
                         " tbody tr').length")
    assert rows == len(shown["points"]) > 3
    assert page.evaluate("document.querySelectorAll('figure.review-chart svg"
                         " polyline.trend').length") == 1
    assert page.evaluate("document.querySelectorAll('[data-action=\"review-try\"]').length") \
        == len(shown["moments"])
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert shown["moments"], "the deal's review names a move that mattered"
    move = shown["moments"][0]["move"]
    page.click(f'[data-action="review-show"][data-move="{move}"]')
    wait_until(page, "!!document.querySelector('#review-position')")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.click(f'[data-action="review-try"][data-move="{move}"]')
    wait_until(page, f"{REVIEW} === null && !!document.querySelector('#app main.table')")
