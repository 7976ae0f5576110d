"""Chromium through Playwright (the Chromium suite's session browser), as an ``EnginePage``."""

from __future__ import annotations

from . import EnginePage


def uncaught(error) -> str:
    """A page's uncaught error in words, with where it was thrown (the first frame of its
    stack) when the stack names one: a rare error is found by its line."""
    frames = [line.strip() for line in (error.stack or "").splitlines()
              if line.strip().startswith("at ")]
    return f"uncaught: {error}" + (f" ({frames[0]})" if frames else "")


class ChromiumPage(EnginePage):
    """A Playwright page (or frame) in a context of its own, watched for errors."""

    engine = "chromium"

    def __init__(self, page, target=None, seen=None):
        self.page, self.target = page, target or page
        self.seen = [] if seen is None else seen
        if seen is None:
            page.on("console", lambda m: m.type == "error" and self.seen.append(
                f"console: {m.text}"))
            page.on("pageerror", lambda error: self.seen.append(uncaught(error)))

    @classmethod
    def open(cls, browser) -> "ChromiumPage":
        return cls(browser.new_context().new_page())

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def evaluate(self, expression):
        return self.target.evaluate(expression)

    def click_now(self, selector):
        self.target.locator(selector).first.click()

    def frame(self, selector):
        return ChromiumPage(self.page, self.page.wait_for_selector(selector).content_frame(),
                            self.seen)

    def problems(self):
        return list(self.seen)

    def resize(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})
        return self.evaluate("innerWidth")

    def close(self):
        self.page.context.close()
