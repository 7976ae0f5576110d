"""Firefox ESR through ``firefox_bridge.mjs`` (puppeteer-core over WebDriver BiDi)."""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import time
from pathlib import Path

from . import EnginePage

BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
ANSWER_TIMEOUT_S = 120  # a navigation waits for the load event; boot is later


class BridgeError(RuntimeError):
    """An operation the bridge (Firefox or puppeteer) refused; its message."""


class Firefox:
    """One Firefox, run by the bridge process; ``call`` one operation of the bridge.

    ``prefs`` are Firefox preferences for this browser (e.g. to block third-party storage)."""

    def __init__(self, prefs: dict | None = None, root: Path = BRIDGE.parents[3]):
        env = {**os.environ, "CARDTABLE_FIREFOX_PREFS": json.dumps(prefs or {})}
        self.process = subprocess.Popen(["node", str(BRIDGE)], cwd=root, env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.lines = selectors.DefaultSelector()
        self.lines.register(self.process.stdout, selectors.EVENT_READ)
        self.version = self._read()["ready"]
        self.sent = 0

    def _read(self) -> dict:
        if not self.lines.select(ANSWER_TIMEOUT_S):
            raise TimeoutError(f"the Firefox bridge said nothing for {ANSWER_TIMEOUT_S} s")
        line = self.process.stdout.readline()
        if not line:
            raise BridgeError(f"the Firefox bridge ended (exit {self.process.wait()})")
        return json.loads(line)

    def call(self, op: str, **arguments):
        """The value of the bridge's operation ``op``; ``BridgeError`` with its message."""
        self.sent += 1
        self.process.stdin.write(json.dumps({"id": self.sent, "op": op, **arguments}) + "\n")
        self.process.stdin.flush()
        answer = self._read()
        assert answer["id"] == self.sent, answer
        if "error" in answer:
            raise BridgeError(answer["error"])
        return answer["value"]

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class FirefoxPage(EnginePage):
    """A page of ``Firefox`` in a browser context of its own."""

    engine = "firefox"

    def __init__(self, firefox: Firefox, number: int, frame: str | None = None):
        self.firefox, self.number, self.frame_selector = firefox, number, frame

    @classmethod
    def open(cls, firefox: Firefox) -> "FirefoxPage":
        return cls(firefox, firefox.call("open"))

    def _call(self, op, **arguments):
        return self.firefox.call(op, page=self.number, frame=self.frame_selector, **arguments)

    def goto(self, url):
        self._call("goto", url=url)

    def reload(self):
        self._call("reload")

    def evaluate(self, expression):
        return self._call("evaluate", expression=expression)

    def click_now(self, selector):
        self._call("click", selector=selector)

    def frame(self, selector):
        return FirefoxPage(self.firefox, self.number, selector)

    def problems(self):
        return self._call("problems")

    def resize(self, width, height):
        self._call("resize", width=width, height=height)
        return self.evaluate("innerWidth")

    def close(self):
        self._call("close")
