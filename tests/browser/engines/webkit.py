"""WebKitGTK through selenium and WebKitWebDriver, MiniBrowser in an Xvfb display."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By

from . import EnginePage

WEBDRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
# Paint with Skia on the CPU: Xvfb has no GPU, and WebKitGTK's GPU painting threads over
# Mesa's software GL crashed its web process now and then in the suite (a segfault in the
# thread "SkiaGPUWorker", which the driver reports as an "unknown error" with no message).
ENVIRONMENT = {"WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1"}
WINDOW = (1024, 768)  # at least 447 px wide: MiniBrowser's toolbar keeps a narrower one wider
# Records console errors and uncaught errors in the page, from when it is installed on.
HOOK = """if (!window.__problems) {
  window.__problems = [];
  const error = console.error.bind(console);
  console.error = (...args) => { window.__problems.push("console: " + args.join(" ")); error(...args); };
  addEventListener("error", (e) => window.__problems.push("uncaught: " + e.message));
  addEventListener("unhandledrejection", (e) => window.__problems.push("uncaught: " + e.reason));
}"""
# Runs arguments[0] (an expression) and hands back {value} or {error}.
EVALUATE = """const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (%s)).then((value) => done({value}), (e) => done({error: String(e)}));"""


class Display:
    """An Xvfb display of its own for the session's WebKit windows (``DISPLAY`` set)."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                                         "1280x1024x24", "-nolisten", "tcp"], pass_fds=(write,))
        os.close(write)
        with os.fdopen(read) as answer:
            self.name = ":" + answer.readline().strip()

    def close(self) -> None:
        self.process.terminate()
        self.process.wait()


class WebKitPage(EnginePage):
    """A WebKitWebDriver session (a MiniBrowser of its own) as a page."""

    engine = "webkit"

    def __init__(self, driver, frame: str | None = None, seen: list | None = None):
        self.driver, self.frame_selector = driver, frame
        self.seen = [] if seen is None else seen  # of the documents this page has left

    @classmethod
    def open(cls, display: Display) -> "WebKitPage":
        options = webdriver.WebKitGTKOptions()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        service = webdriver.WebKitGTKService(executable_path=str(WEBDRIVER),
                                             env={**os.environ, **ENVIRONMENT,
                                                  "DISPLAY": display.name})
        driver = webdriver.WebKitGTK(options=options, service=service)
        driver.set_window_size(*WINDOW)
        driver.set_script_timeout(120)
        return cls(driver)

    def _enter(self):
        self.driver.switch_to.default_content()
        if self.frame_selector:
            self.driver.switch_to.frame(self.driver.find_element(By.CSS_SELECTOR,
                                                                 self.frame_selector))

    def _current(self) -> list[str]:
        """What the hook recorded in the document shown now."""
        self._enter()
        return self.driver.execute_script("return window.__problems || []") or []

    def _leave_document(self):
        self.seen.extend(self._current())

    def goto(self, url):
        self._leave_document()
        self.driver.get(url)

    def reload(self):
        self._leave_document()
        self.driver.refresh()

    def evaluate(self, expression):
        self._enter()
        self.driver.execute_script(HOOK)
        answer = self.driver.execute_async_script(EVALUATE % expression)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer.get("value")

    def click_now(self, selector):
        self._enter()
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def frame(self, selector):
        return WebKitPage(self.driver, selector, self.seen)

    def problems(self):
        return self.seen + self._current()

    def close(self):
        self.driver.quit()
