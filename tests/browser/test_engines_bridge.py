"""The Firefox bridge (engines/firefox_bridge.mjs): values come back as JSON, promises
awaited, and what Firefox refuses comes back as a ``BridgeError`` with its words."""

import pytest

from engines.firefox import BridgeError, FirefoxPage


def test_the_bridge_answers_values_and_errors(firefox):
    page = FirefoxPage.open(firefox)
    try:
        page.goto("about:blank")
        assert page.evaluate("({a: [1, 'x'], b: null})") == {"a": [1, "x"], "b": None}
        assert page.evaluate("Promise.resolve(6 * 7)") == 42
        with pytest.raises(BridgeError, match="refused here"):
            page.evaluate("Promise.reject(new Error('refused here'))")
        with pytest.raises(BridgeError):
            page.click("#nothing-has-this-id")
        assert page.problems() == []
    finally:
        page.close()
    assert firefox.version.startswith("firefox/")
