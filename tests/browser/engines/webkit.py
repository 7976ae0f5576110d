"""WebKitGTK through selenium and WebKitWebDriver, MiniBrowser in an Xvfb display."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection

from . import EnginePage

WEBDRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
# Paint with Skia on the CPU: Xvfb has no GPU, and WebKitGTK's GPU painting threads over
# Mesa's software GL crashed its web process now and then in the suite (a segfault in the
# thread "SkiaGPUWorker", which the driver reports as an "unknown error" with no message).
ENVIRONMENT = {"WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1"}
# Selenium waits for WebKitWebDriver's answers with no time limit of its own. A MiniBrowser
# that dies while a session starts leaves the driver silent, and the test waited for ever;
# these bound the wait: a start gets START_SECONDS (and one more try with a new driver), any
# later command COMMAND_SECONDS, above the script timeout of SCRIPT_SECONDS.
START_SECONDS, COMMAND_SECONDS, SCRIPT_SECONDS = 90, 300, 120
WINDOW = (1024, 768)
NARROWEST = 447  # px: MiniBrowser's toolbar keeps a narrower window this wide
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
        try:
            driver = start_session(display)
        except Exception:  # the browser did not come up in time: once more, with a new driver
            driver = start_session(display)
        driver.set_window_size(*WINDOW)
        driver.set_script_timeout(SCRIPT_SECONDS)
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

    def resize(self, width, height):
        """MiniBrowser's window is at least ``NARROWEST`` px wide (its toolbar), and its
        height holds the toolbar too: the viewport comes out as near as that allows."""
        self.driver.set_window_size(max(width, NARROWEST), height)
        return self.evaluate("innerWidth")

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.driver.service.stop()


def start_session(display: Display) -> webdriver.Remote:
    """A new MiniBrowser session through a WebKitWebDriver of its own, or an error in
    START_SECONDS (the driver then stopped); ``driver.service`` is that driver's process."""
    options = webdriver.WebKitGTKOptions()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    service = webdriver.WebKitGTKService(executable_path=str(WEBDRIVER),
                                         env={**os.environ, **ENVIRONMENT,
                                              "DISPLAY": display.name})
    service.start()
    config = ClientConfig(remote_server_addr=service.service_url, timeout=START_SECONDS)
    try:
        driver = webdriver.Remote(command_executor=RemoteConnection(client_config=config),
                                  options=options)
    except BaseException:
        service.stop()
        raise
    config.timeout = COMMAND_SECONDS
    driver.service = service
    return driver
