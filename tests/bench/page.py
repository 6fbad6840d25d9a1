"""The page's boot and input timings in a real Chromium, as medians over several runs.

Measures, for a fresh profile (cold: the runtime is downloaded and compiled) and a
reload in the same profile (warm: HTTP cache): first contentful paint, the saved
board painted by MicroPython, the engine ready (`data-status` leaves `loading`), the
longest main-thread task during boot, and key press → board updated latency.
Numbers only, no pass/fail: this machine is shared and noisy.
Usage: python -m tests.bench.page [runs]
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from playwright.sync_api import Page, sync_playwright

from game import chance, saves
from game.session import Session
from tests.browser import LAUNCH_ARGS, find_chromium, serve

PROBE = """
(() => {
  const t = (window.__bench = {tiles: null, ready: null, longest: 0, keys: [], lat: []});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) t.longest = Math.max(t.longest, e.duration);
  }).observe({type: "longtask", buffered: true});
  addEventListener("keydown", (e) => t.keys.push(e.timeStamp), true);
  document.addEventListener("DOMContentLoaded", () => {
    const game = document.getElementById("game");
    new MutationObserver(() => {
      if (t.tiles === null && document.querySelector("#tiles .tile")) t.tiles = performance.now();
    }).observe(document.getElementById("tiles"), {childList: true});
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.attributeName === "data-status" && t.ready === null && game.dataset.status !== "loading")
          t.ready = performance.now();
        if (r.attributeName === "data-inputs") {
          const n = Number(game.dataset.inputs);
          if (t.keys.length >= n) t.lat.push(performance.now() - t.keys[n - 1]);
        }
      }
    }).observe(game, {attributes: true});
  });
})();
"""


def saved_game() -> str:
    session, _ = Session.new(4, chance.seeded(5))
    for direction in ["left", "up", "right", "up"] * 5:
        session.move(direction)
    return saves.dump_game(session)


def poll(page: Page, expression: str, timeout: float = 60.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.02)
    raise TimeoutError(expression)


def boot(page: Page, url: str) -> dict[str, float]:
    page.goto(url)
    poll(page, "window.__bench && window.__bench.ready")
    time.sleep(0.3)  # let the last long task be reported
    fcp = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0"
    )
    bench = page.evaluate("window.__bench")
    return {"fcp": fcp, "tiles": bench["tiles"] or 0, "ready": bench["ready"], "longest": bench["longest"]}


def key_latency(page: Page, presses: int = 60) -> list[float]:
    start = int(page.evaluate("document.getElementById('game').dataset.inputs"))
    for i, key in enumerate(["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"] * (presses // 4)):
        page.keyboard.press(key)
        poll(page, f"Number(document.getElementById('game').dataset.inputs) >= {start + i + 1}")
    return list(page.evaluate("window.__bench.lat"))


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(runs: int = 5) -> None:
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    latencies: list[float] = []
    still: list[float] = []
    save = saved_game()
    with serve() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(PROBE)
            context.add_init_script(f"localStorage.setItem('py2048:game', {save!r});")
            page = context.new_page()
            cold.append(boot(page, url))
            warm.append(boot(page, url))
            latencies += key_latency(page)
            context.close()
        # The same with motion off: headless software rendering makes every animated
        # frame hold the main thread, which delays the engine's answer by up to a frame.
        context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
        context.add_init_script(PROBE)
        page = context.new_page()
        boot(page, url)
        still = key_latency(page, presses=100)
        context.close()
        browser.close()

    def row(name: str, key: str) -> str:
        return (f"| {name} | {statistics.median(r[key] for r in cold):.0f} | "
                f"{statistics.median(r[key] for r in warm):.0f} |")

    print(f"Page timings, median of {runs} runs (ms after navigation start)")
    print("| measure | cold profile | warm reload |")
    print("|---|---|---|")
    print(row("first contentful paint", "fcp"))
    print(row("saved board painted (MicroPython)", "tiles"))
    print(row("engine ready (status playing)", "ready"))
    print(row("longest main-thread task during boot", "longest"))
    print(f"\nKey press → board updated: median {statistics.median(latencies):.1f} ms, "
          f"p95 {p95(latencies):.1f} ms over {len(latencies)} presses (animations on)")
    print(f"Key press → board updated: median {statistics.median(still):.1f} ms, "
          f"p95 {p95(still):.1f} ms over {len(still)} presses (prefers-reduced-motion)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
