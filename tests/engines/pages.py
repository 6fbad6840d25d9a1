"""One tab on the game, the same to a test in each browser engine.

Chromium is driven by Playwright (as in tests/e2e); Firefox by Puppeteer over WebDriver
BiDi, lent to Python by `bidi_bridge.mjs` (no registry here ships geckodriver, and
Puppeteer talks BiDi to a stock Firefox directly); WebKit, the engine of Safari, by
Selenium through `WebKitWebDriver` (WebKitGTK), which needs a display: Xvfb.

A test sees only `EnginePage`: open a fresh profile, go to an address, read `#game`,
press keys, drag with a mouse, swipe with a finger, click, take a screenshot. Reading is
done by evaluating a function body through the automation protocol (outside the page's
Content-Security-Policy) and waiting by polling from the test, never inside the page.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game.rules import Board
from tests.e2e import positions
from tests.e2e.positions import State

ROOT = Path(__file__).resolve().parents[2]
BOOT_TIMEOUT = 60.0  # seconds: Firefox and WebKit start Python more slowly than Chromium
# The one file carries no snapshot: its engine starts plain, which alone took WebKit 13-16 s
# here (Firefox 7-10 s) and more than 60 s beside a full suite on this machine's 2 cores.
PLAIN_START_TIMEOUT = 180.0
INPUT_TIMEOUT = 15.0
POLL = 0.05
ENGINES = ("chromium", "firefox", "webkit")

Dataset = dict[str, str]

# Keys the tests press, in the spelling each protocol wants.
_SELENIUM_KEYS = {
    "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015",
    "Escape": "\ue00c", "Enter": "\ue007", "Tab": "\ue004",
}


class EnginePage(ABC):
    """A tab in one engine; `open` gives it a fresh profile (no storage, no cache)."""

    engine: str

    @abstractmethod
    def open(self, width: int, height: int, touch: bool = False) -> None: ...

    @abstractmethod
    def goto(self, url: str) -> None: ...

    @abstractmethod
    def reload(self) -> None: ...

    @abstractmethod
    def run(self, body: str) -> Any:
        """Evaluate an async function's body in the page and return its (JSON) result."""

    @abstractmethod
    def press(self, key: str) -> None: ...

    @abstractmethod
    def drag(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None: ...

    @abstractmethod
    def swipe(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None: ...

    @abstractmethod
    def click(self, selector: str) -> None: ...

    @abstractmethod
    def screenshot(self, path: Path) -> None: ...

    @abstractmethod
    def errors(self) -> list[str]:
        """Uncaught errors the page has thrown (where the engine's driver reports them)."""

    @abstractmethod
    def close(self) -> None: ...

    # -- reading -----------------------------------------------------------------------

    def state(self) -> Dataset:
        data: Dataset = self.run("return Object.assign({}, document.getElementById('game').dataset);")
        return data

    def game_state(self) -> State:
        data = self.state()
        return (positions.parse_board(data["board"]), int(data["score"]), int(data["moves"]))

    def board(self) -> Board:
        return self.game_state()[0]

    def board_centre(self) -> tuple[float, float]:
        x, y = self.run("const r = document.getElementById('board').getBoundingClientRect();"
                        " return [r.x + r.width / 2, r.y + r.height / 2];")
        return float(x), float(y)

    def said(self) -> str:
        """What the live region (the screen reader's voice) says now."""
        return str(self.run("return document.getElementById('live').textContent.trim();"))

    # -- waiting -----------------------------------------------------------------------

    def wait_for(self, what: str, condition: Callable[[Dataset], bool],
                 timeout: float = INPUT_TIMEOUT) -> Dataset:
        deadline = time.monotonic() + timeout
        while True:
            data = self.state()
            if condition(data):
                return data
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: timed out after {timeout} s waiting for "
                                     f"{what}; #game is {data}; errors: {self.errors()}")
            time.sleep(POLL)

    def wait_playable(self) -> Dataset:
        return self.wait_for("a playable board",
                             lambda d: d.get("status") in ("playing", "won", "over"), BOOT_TIMEOUT)

    def wait_ready(self, timeout: float = BOOT_TIMEOUT) -> Dataset:
        """The engine has taken the game over; it started from the snapshot or plain."""
        data = self.wait_for("the engine to take the game over",
                             lambda d: d.get("engine") not in (None, "starting")
                             and d.get("status") in ("playing", "won", "over", "error"),
                             timeout)
        assert data["status"] != "error", f"{self.engine}: the page failed: {data}"
        return data

    def wait_inputs(self, count: int) -> Dataset:
        data = self.wait_for(f"data-inputs >= {count}", lambda d: int(d["inputs"]) >= count)
        assert int(data["inputs"]) == count, f"{self.engine}: more inputs handled than given: {data}"
        return data

    def store(self, entries: dict[str, str]) -> None:
        """Replace this origin's localStorage (the page must be on the origin, and is
        reloaded by the caller so that it reads them)."""
        self.run(f"localStorage.clear(); const e = {json.dumps(entries)};"
                 " for (const k of Object.keys(e)) localStorage.setItem(k, e[k]); return null;")


class Missing(Exception):
    """An engine's browser is not installed (the message says what to install)."""


def start(name: str, chromium: Any) -> EnginePage:
    """The engine `name`'s tab; `chromium`: the run's Playwright Chromium. WebKit needs
    a display (`display()`) for as long as it runs."""
    if name == "chromium":
        return ChromiumPage(chromium)
    if name == "firefox":
        executable = find_firefox()
        if executable is None:
            raise Missing("no Firefox: install Debian's firefox-esr, or set $FIREFOX")
        return FirefoxPage(executable)
    driver = find_webkit_driver()
    if driver is None:
        raise Missing("no WebKitWebDriver: install Debian's webkit2gtk-driver and xvfb")
    return WebKitPage(driver)


# -- Chromium: Playwright ------------------------------------------------------------------


class ChromiumPage(EnginePage):
    engine = "chromium"

    def __init__(self, browser: Any) -> None:
        self._browser = browser  # the run's one Playwright Chromium (tests/conftest.py)
        self._context: Any = None
        self._page: Any = None
        self._errors: list[str] = []

    def open(self, width: int, height: int, touch: bool = False) -> None:
        if self._context is not None:
            self._context.close()
        self._errors = []
        self._context = self._browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
        self._page = self._context.new_page()
        self._page.on("pageerror", lambda error: self._errors.append(str(error)))

    def goto(self, url: str) -> None:
        self._page.goto(url)

    def reload(self) -> None:
        self._page.reload()

    def run(self, body: str) -> Any:
        return self._page.evaluate(f"async () => {{ {body} }}")

    def press(self, key: str) -> None:
        self._page.keyboard.press(key)

    def drag(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None:
        mouse = self._page.mouse
        mouse.move(x, y)
        mouse.down()
        mouse.move(x + dx, y + dy, steps=steps)
        mouse.up()

    def swipe(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None:
        cdp = self._context.new_cdp_session(self._page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, steps + 1):
            point = {"x": x + dx * i / steps, "y": y + dy * i / steps}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()

    def click(self, selector: str) -> None:
        self._page.click(selector)

    def screenshot(self, path: Path) -> None:
        self._page.screenshot(path=str(path))

    def errors(self) -> list[str]:
        return list(self._errors)

    def close(self) -> None:
        if self._context is not None:
            self._context.close()
            self._context = None


# -- Firefox: Puppeteer over WebDriver BiDi, through bidi_bridge.mjs ----------------------


def find_firefox() -> str | None:
    named = os.environ.get("FIREFOX")
    if named:
        return named
    for candidate in ("firefox-esr", "firefox"):
        found = shutil.which(candidate)
        if found:
            return found
    return None


class FirefoxPage(EnginePage):
    engine = "firefox"

    def __init__(self, executable: str) -> None:
        self._bridge = subprocess.Popen(
            ["node", str(Path(__file__).with_name("bidi_bridge.mjs")), executable],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._next = 0
        self.version = str(self._call("version"))

    def _call(self, op: str, **args: Any) -> Any:
        assert self._bridge.stdin is not None and self._bridge.stdout is not None
        self._next += 1
        self._bridge.stdin.write(json.dumps({"id": self._next, "op": op, **args}) + "\n")
        line = self._bridge.stdout.readline()
        if not line:
            raise RuntimeError(f"the Firefox bridge ended (exit {self._bridge.poll()})")
        reply = json.loads(line)
        assert reply["id"] == self._next
        if not reply["ok"]:
            raise RuntimeError(f"firefox {op}: {reply['error']}")
        return reply["value"]

    def open(self, width: int, height: int, touch: bool = False) -> None:
        self._call("open", width=width, height=height, touch=touch)

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def run(self, body: str) -> Any:
        return self._call("evaluate", body=body)

    def press(self, key: str) -> None:
        self._call("press", key=key)

    def drag(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None:
        self._call("drag", x=x, y=y, dx=dx, dy=dy, steps=steps)

    def swipe(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None:
        self._call("swipe", x=x, y=y, dx=dx, dy=dy, steps=steps)

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def screenshot(self, path: Path) -> None:
        self._call("screenshot", path=str(path))

    def errors(self) -> list[str]:
        return list(self._call("errors"))

    def close(self) -> None:
        assert self._bridge.stdin is not None
        self._bridge.stdin.close()
        try:
            self._bridge.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._bridge.kill()


# -- WebKit: Selenium through WebKitWebDriver, on an Xvfb display --------------------------


def find_webkit_driver() -> str | None:
    return os.environ.get("WEBKIT_WEBDRIVER") or shutil.which("WebKitWebDriver")


@contextmanager
def display() -> Iterator[None]:
    """An X display for WebKitGTK: the one we have, else a private Xvfb."""
    if os.environ.get("DISPLAY"):
        yield
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise RuntimeError("WebKitGTK needs a display: install xvfb")
    read, write = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1400x1000x24",
                               "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as chosen:
        number = chosen.readline().strip()
    os.environ["DISPLAY"] = f":{number}"
    try:
        yield
    finally:
        del os.environ["DISPLAY"]
        server.terminate()
        server.wait(timeout=10)


SESSION_TIMEOUT = 30.0  # seconds for WebKitWebDriver to start a session (about 2 s here)
SESSION_TRIES = 3


def _kill(service: Any) -> None:
    process = getattr(service, "process", None)
    if process is not None:
        process.kill()


class WebKitPage(EnginePage):
    """A new WebDriver session for every `open`: each session is a fresh, ephemeral
    profile, and the driver starts its own MiniBrowser (naming a browser binary loses the
    `--automation` flag the driver adds, and the session is refused)."""

    engine = "webkit"

    def __init__(self, executable: str) -> None:
        self._executable = executable
        self._driver: Any = None
        self._touch = False

    def open(self, width: int, height: int, touch: bool = False) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        self.close()
        failures: list[str] = []
        for _ in range(SESSION_TRIES):
            service = Service(self._executable)
            # Seen once in twenty sessions: the driver never answers a new session (no
            # browser started). Its process is killed, which fails the request, and a
            # fresh driver is tried, rather than hang the whole run.
            watchdog = threading.Timer(SESSION_TIMEOUT, _kill, (service,))
            watchdog.start()
            try:
                self._driver = webdriver.WebKitGTK(options=webdriver.WebKitGTKOptions(), service=service)
                break
            except Exception as error:  # the killed driver's dropped connection, or another refusal
                failures.append(f"{type(error).__name__}: {error}")
                with contextlib.suppress(Exception):
                    service.stop()
            finally:
                watchdog.cancel()
        else:
            raise RuntimeError(f"webkit: no WebDriver session in {SESSION_TRIES} tries: {failures}")
        self._driver.set_window_rect(x=0, y=0, width=width, height=height)
        self._driver.set_script_timeout(30)
        self._touch = touch
        self.version = str(self._driver.capabilities.get("browserVersion", "?"))

    def goto(self, url: str) -> None:
        self._driver.get(url)

    def reload(self) -> None:
        self._driver.refresh()

    def run(self, body: str) -> Any:
        from selenium.common.exceptions import WebDriverException

        # Asynchronous, so that a body returning a promise is awaited as in the others.
        try:
            reply = self._driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f" Promise.resolve().then(async () => {{ {body} }})"
                ".then((value) => done({value}), (error) => done({error: String(error)}));")
        except WebDriverException as error:
            # A crashed web process answers every script so, for good: say what happened.
            if "Could not parse script result" in str(error.msg) and self.crashed():
                raise AssertionError("webkit: the page's web process crashed (MiniBrowser's "
                                     "window is gone)") from error
            raise
        if "error" in reply:
            raise RuntimeError(f"webkit: {reply['error']}")
        return reply.get("value")

    def crashed(self) -> bool:
        """Whether the browser's window is gone: what WebKitGTK leaves after its web
        process crashed (seen while the tiles' `translate` was transitioned; style.css)."""
        from selenium.common.exceptions import WebDriverException

        try:
            return not self._driver.window_handles
        except WebDriverException:
            return True

    def press(self, key: str) -> None:
        """A key through WebDriver's actions. WebKitWebDriver now and then answers a
        key action with an empty "unknown error" (seen while the engine's worker was
        busy packing its snapshot): then, if the page never heard the key, the actions
        are released and the key is pressed once more; if it did, the press stands. A
        crashed web process answers a key so too: the next read then says it crashed."""
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        def inputs() -> str | None:
            try:
                return self.state().get("inputs")
            except WebDriverException:  # ("Could not parse script result" just after)
                return None

        heard = inputs()
        try:
            ActionChains(self._driver).send_keys(_SELENIUM_KEYS.get(key, key)).perform()
        except WebDriverException as error:
            if error.msg:
                raise
            deadline = time.monotonic() + 3.0
            while time.monotonic() < deadline:
                now = inputs()
                if now is not None and now != heard:
                    return  # delivered; only the answer went astray
                time.sleep(0.1)
            ActionBuilder(self._driver).clear_actions()
            ActionChains(self._driver).send_keys(_SELENIUM_KEYS.get(key, key)).perform()

    def _pointer(self, kind: str, x: float, y: float, dx: float, dy: float, steps: int) -> None:
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        pointer = PointerInput(kind, "finger" if kind == interaction.POINTER_TOUCH else "mouse")  # type: ignore[no-untyped-call]
        actions: Any = ActionBuilder(self._driver, mouse=pointer)  # selenium's own types are partial
        actions.pointer_action.move_to_location(round(x), round(y))
        actions.pointer_action.pointer_down()
        for i in range(1, steps + 1):
            actions.pointer_action.move_to_location(round(x + dx * i / steps), round(y + dy * i / steps))
        actions.pointer_action.pointer_up()
        actions.perform()

    def drag(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None:
        from selenium.webdriver.common.actions import interaction

        self._pointer(interaction.POINTER_MOUSE, x, y, dx, dy, steps)

    def swipe(self, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None:
        from selenium.webdriver.common.actions import interaction

        self._pointer(interaction.POINTER_TOUCH, x, y, dx, dy, steps)

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self._driver.find_element(By.CSS_SELECTOR, selector).click()

    def screenshot(self, path: Path) -> None:
        self._driver.save_screenshot(str(path))

    def errors(self) -> list[str]:
        return []  # WebKitGTK's driver reports no page errors (MiniBrowser logs nothing)

    def close(self) -> None:
        if self._driver is not None:
            self._driver.quit()
            self._driver = None
