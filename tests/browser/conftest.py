"""The phone page in real browser engines: Debian's Chromium through chromedriver (selenium), with a phone's
screen (360 x 740, touch) or a tablet's, and WebKitGTK (Safari's engine: webkit2gtk-driver and its MiniBrowser, in
a window of a phone's width; it needs an X display, e.g. xvfb-run). Not collected with the rest (pyproject's
norecursedirs): .ci/run installs chromium, chromium-driver and webkit2gtk-driver and runs `pytest tests/browser`.

The browsers are kept on loopback: every request that is not for 127.0.0.1 goes to a proxy on a loopback port
where nothing listens (Chromium also resolves no name and has its own background services switched off).
"""

from __future__ import annotations

import asyncio
import shutil
import threading

import pytest

from model.share.server import ShareServer
from tests.model.share.helpers import LOOPBACK, document

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
WEBKIT_DRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
NOWHERE = {"proxyType": "manual", "httpProxy": "127.0.0.1:9", "sslProxy": "127.0.0.1:9", "noProxy": ["127.0.0.1"]}
PHONE = {"width": 360, "height": 740, "pixelRatio": 2, "touch": True}
TABLET = {"width": 800, "height": 1280, "pixelRatio": 2, "touch": True}
LOOPBACK_ONLY = ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
QUIET = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
         "--disable-domain-reliability", "--no-pings", "--disable-breakpad", "--metrics-recording-only"]


def browser(screen: dict, dark: bool = False):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for a in QUIET + LOOPBACK_ONLY:
        options.add_argument(a)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": screen})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    return driver


def webkit():
    """WebKitGTK's MiniBrowser driven by WebKitWebDriver, in a window of a phone's width."""
    import os

    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service
    assert os.environ.get("DISPLAY"), "WebKitGTK needs an X display: run the browser tests under xvfb-run"
    options = webdriver.WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    options.set_capability("proxy", NOWHERE)
    driver = webdriver.WebKitGTK(service=Service(WEBKIT_DRIVER), options=options)
    driver.set_window_size(PHONE["width"], PHONE["height"])
    return driver


class Served:
    """A document shared on 127.0.0.1 by a server on its own thread; `desktop` edits it as the host would."""

    def __init__(self, kind: str, everyone_controls: bool = True):
        self.doc = document(kind)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = ShareServer(self.doc, [LOOPBACK], 0, everyone_controls=everyone_controls)
        self.run(self.server.start())
        self.url = self.server.urls()[0]

    def run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(20)

    def desktop(self, edit):
        """The host's own change (or undo), published to the phones as the desktop does; its inverse."""
        async def go():
            inverse = self.doc.apply(edit)
            await self.server.publish(self.doc.state())
            return inverse
        return self.run(go())

    def drop_connections(self) -> None:
        """Every phone's connection cut, as a Wi-Fi loss does (the server keeps running)."""
        async def go():
            for ws in list(self.server.sockets):
                await ws.close(code=1012)
        self.run(go())

    def stop(self) -> None:
        self.run(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def served():
    made = []

    def make(kind: str = "stargrave-crew", everyone_controls: bool = True) -> Served:
        s = Served(kind, everyone_controls)
        made.append(s)
        return s
    yield make
    for s in made:
        s.stop()


@pytest.fixture
def phone():
    opened = []

    def make(screen=PHONE, dark: bool = False, engine: str = "chromium"):
        d = browser(screen, dark) if engine == "chromium" else webkit()
        opened.append(d)
        return d
    yield make
    for d in opened:
        d.quit()
