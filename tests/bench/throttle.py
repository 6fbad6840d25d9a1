"""Does CDP emulation reach the engine's worker? Checked, not assumed.

The phone mode emulates the network and the CPU through a CDP session on the page's
target. The engine's worker downloads most of the bytes (the wasm, the standard library,
the snapshot) and does all of Python's start, so the phone numbers mean something only
if the emulation applies to it too. tests/bench/floors/throttle.html runs the same jobs
on the main thread and in a dedicated worker:
- a download of known size (the server's /__bench/bytes), with the phone link emulated
  and without: a throttled worker takes about latency + size / bandwidth;
- a fixed busy loop with CPU throttling at 1x and 4x: a throttled thread takes ~4x;
- navigator.connection as each side sees it (the auto policy reads it in the worker);
- and whether the worker's own CDP target takes Emulation.setCPUThrottlingRate (sent
  while the new worker waits for the debugger, before it runs).
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser

from tests.bench.pages import DESKTOP, PHONE, fresh_page, poll
from tests.bench.server import Site
from tests.bench.stats import summary

DOWNLOAD_BYTES = 200_000
SPIN_ROUNDS = 20_000_000
SPIN_REPS = 9
WHERE = ("main", "worker")
NO_EMULATION = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def check(browser: Browser, site: Site, reps: int = 5) -> dict[str, Any]:
    conditions = PHONE.conditions or {}
    expected_ms = conditions["latency"] + 1000 * DOWNLOAD_BYTES / conditions["downloadThroughput"]
    found: dict[str, Any] = {
        "download_bytes": DOWNLOAD_BYTES, "expected_emulated_download_ms": expected_ms,
        "spin_rounds": SPIN_ROUNDS, "cpu_rate": PHONE.cpu_rate,
    }
    with fresh_page(browser, [], DESKTOP) as page:
        page.goto(site.url + "tests/bench/floors/throttle.html")
        poll(page, "document.body.dataset.status === 'ready'")
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")

        def job(where: str, name: str, n: int = 0) -> dict[str, Any]:
            result: dict[str, Any] = page.evaluate(f"window.__throttle.run('{where}', '{name}', {n})")
            return result

        downloads: dict[str, dict[str, list[float]]] = {
            state: {w: [] for w in WHERE} for state in ("off", "phone")
        }
        links: dict[str, dict[str, Any]] = {}
        for state in ("off", "phone"):
            cdp.send("Network.emulateNetworkConditions", conditions if state == "phone" else NO_EMULATION)
            links[state] = {w: job(w, "link") for w in WHERE}
            for _ in range(reps):
                for where in WHERE:
                    downloads[state][where].append(job(where, "download", DOWNLOAD_BYTES)["ms"])
        cdp.send("Network.emulateNetworkConditions", NO_EMULATION)

        rates = {"1x": 1.0, f"{PHONE.cpu_rate:g}x": PHONE.cpu_rate}
        spins: dict[str, dict[str, list[float]]] = {r: {w: [] for w in WHERE} for r in rates}
        for _ in range(SPIN_REPS):
            for label, rate in rates.items():
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                for where in WHERE:
                    spins[label][where].append(job(where, "spin", SPIN_ROUNDS)["ms"])
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})

    found["navigator_connection"] = links
    found["download_ms"] = {s: {w: summary(v) for w, v in d.items()} for s, d in downloads.items()}
    found["spin_ms"] = {r: {w: summary(v) for w, v in d.items()} for r, d in spins.items()}
    verdict: dict[str, Any] = {}
    for where in WHERE:
        emulated = found["download_ms"]["phone"][where]["median"]
        plain = found["download_ms"]["off"][where]["median"]
        slow = found["spin_ms"][f"{PHONE.cpu_rate:g}x"][where]["median"]
        fast = found["spin_ms"]["1x"][where]["median"]
        verdict[where] = {
            "download_emulated_over_expected": emulated / expected_ms,
            "download_emulated_over_off": emulated / plain if plain else None,
            "cpu_slowdown": slow / fast if fast else None,
        }
    found["verdict"] = verdict
    return found


def worker_target_cpu(browser: Browser, site: Site, timeout: float = 30.0) -> dict[str, Any]:
    """Ask the worker's own target for CPU throttling: its answer, and a timed loop."""
    answers: dict[int, Any] = {}
    with fresh_page(browser, [], DESKTOP) as page:
        cdp = page.context.new_cdp_session(page)

        def to_worker(session: str, number: int, method: str, params: dict[str, Any]) -> None:
            message = json.dumps({"id": number, "method": method, "params": params})
            cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})

        def attached(event: dict[str, Any]) -> None:
            if event["targetInfo"]["type"] == "worker":
                to_worker(event["sessionId"], 1, "Emulation.setCPUThrottlingRate", {"rate": PHONE.cpu_rate})
                to_worker(event["sessionId"], 2, "Runtime.runIfWaitingForDebugger", {})

        def received(event: dict[str, Any]) -> None:
            message = json.loads(event["message"])
            if "id" in message:
                answers[message["id"]] = message.get("error") or message.get("result")

        cdp.on("Target.attachedToTarget", attached)
        cdp.on("Target.receivedMessageFromTarget", received)
        cdp.send("Target.setAutoAttach",
                 {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})
        page.goto(site.url + "tests/bench/floors/throttle.html")
        poll(page, "document.body.dataset.status === 'ready'")
        end = time.monotonic() + timeout
        while 1 not in answers and time.monotonic() < end:
            page.evaluate("0")  # lets Playwright deliver the CDP events
            time.sleep(0.01)
        spin = [page.evaluate(f"window.__throttle.run('worker', 'spin', {SPIN_ROUNDS})")["ms"]
                for _ in range(3)]
    return {"answer": answers.get(1), "worker_spin_ms_after": summary(spin)}
