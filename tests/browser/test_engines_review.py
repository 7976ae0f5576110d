"""A game's review in every engine (issue 52): a finished practice deal of Rentz, on its
end screen, is reviewed with Review until done, and the chart and its table of points
are drawn, one row a move; Firefox and WebKit get the same figures as Chromium's review
of the same record would (the review is seeded from the record)."""

from __future__ import annotations

import json

from engines import js, open_app, wait_until
from test_engines import returning_player
from test_review_ui import DONE, REVIEW, finished_practice_deal


def test_review_from_the_end_screen(engine_page, site):
    page = engine_page()
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
