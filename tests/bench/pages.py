"""Playwright plumbing every measurement shares: contexts, emulation, probes, polling.

Each run gets a fresh browser context (an empty profile: no HTTP cache, no storage)
in one browser, so runs of different pages can be alternated in one session. The
page's CSP rules out Playwright's wait_for_function, so conditions are polled with
page.evaluate from Python.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from tests.bench import machine

PROBES = Path(__file__).resolve().parent / "probes"


@dataclass(frozen=True)
class Network:
    """How the browser's link and CPU are emulated (CDP, on the page's target)."""

    name: str
    conditions: dict[str, Any] | None = None  # Network.emulateNetworkConditions
    cpu_rate: float = 1  # Emulation.setCPUThrottlingRate
    screen: dict[str, Any] = field(default_factory=dict)  # new_context options


DESKTOP = Network("none", screen={"viewport": {"width": 1280, "height": 800}})
# Lighthouse's phone: a 4x slower CPU on the page (CDP) and its screen (Moto G Power).
# Its link (150 ms round trip, 1.6 Mbit/s) is the bench's server itself, not CDP's
# emulation, which does not reach a page's workers alike (tests/bench/phone.py).
PHONE = Network(
    "phone",
    cpu_rate=4,
    screen={
        "viewport": {"width": 412, "height": 823},
        "device_scale_factor": 1.75,
        "is_mobile": True,
        "has_touch": True,
    },
)
NETWORKS = {"none": DESKTOP, "phone": PHONE}


def probe(name: str) -> str:
    """The text of tests/bench/probes/<name>.js."""
    return (PROBES / f"{name}.js").read_text()


@contextmanager
def fresh_page(
    browser: Browser,
    scripts: list[str],
    network: Network = DESKTOP,
    reduced_motion: bool = False,
) -> Iterator[Page]:
    """A page in a new, empty browser context, with `scripts` run before the page's own
    on every navigation, and the network and CPU emulated (both also cover reloads),
    handed over once the machine is quiet (tests/bench/machine.py `settle`)."""
    context = browser.new_context(
        reduced_motion="reduce" if reduced_motion else "no-preference", **network.screen
    )
    try:
        for script in scripts:
            context.add_init_script(script)
        page = context.new_page()
        machine.settle()  # before the emulation: its CPU throttling keeps the machine busy (`settle`)
        emulate(page, network)
        yield page
    finally:
        context.close()


def settle(page: Page, network: Network) -> None:
    """Return once the machine is quiet, for the next load in `page` (tests/bench/machine.py
    `settle`). Chromium's CPU throttling keeps a thread of its own busy while it is on
    (43 % of this machine's two cores with a blank page), so it is lifted meanwhile."""
    if network.cpu_rate == 1:
        machine.settle()
        return
    cdp = page.context.new_cdp_session(page)  # kept: a detached session may drop the rate it set
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    machine.settle()
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": network.cpu_rate})


def emulate(page: Page, network: Network) -> None:
    if network.conditions is None and network.cpu_rate == 1:
        return
    cdp = page.context.new_cdp_session(page)
    if network.conditions is not None:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", network.conditions)
    if network.cpu_rate != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": network.cpu_rate})


def poll(page: Page, expression: str, timeout: float = 60.0, interval: float = 0.01) -> Any:
    """Evaluate `expression` until it is truthy; its value. TimeoutError after `timeout` s."""
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > end:
            raise TimeoutError(f"{expression!r} still false after {timeout:.0f} s")
        time.sleep(interval)
