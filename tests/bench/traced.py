"""Wall time against CPU time of the main thread's long tasks, from a Chromium trace.

Why: a long task's duration (PerformanceObserver `longtask`) is wall time. On a shared
2-core machine the page's main thread often waits for a core (the engine worker
compiles WebAssembly on the others; Chromium's own processes and other tenants run
too), so a 300 ms "long task" may hold a few ms of work. These traced first visits
(their own runs, alternated like the others: tracing is off during every other
measurement) split each long task before `playing` into wall and CPU time (the trace
events' dur and tdur), with the scheduler's name for what ran (src_func).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from playwright.sync_api import Browser

from tests.bench.boot import READY, Target, saved_game, scripts_for
from tests.bench.pages import DESKTOP, Network, fresh_page, poll

LEAST_MS = 50.0
TASK = "RunTask"  # a whole task as DevTools shows it, microtasks included: what `longtask` reports
INNER = "ThreadControllerImpl::RunTask"  # the same task in the toplevel category, with its source


def traced_boot(browser: Browser, target: Target, network: Network = DESKTOP,
                timeout: float = 120.0) -> dict[str, Any]:
    """A first visit, traced from navigation until the page counts as loaded."""
    save = saved_game() if target.kind == "ours" else None
    with fresh_page(browser, scripts_for(target.kind, save), network) as page:
        browser.start_tracing(page=page, categories=["disabled-by-default-devtools.timeline", "toplevel"])
        try:
            page.goto(target.url, wait_until="commit")
            poll(page, READY[target.kind], timeout=timeout)
        finally:
            trace = browser.stop_tracing()
    return long_tasks(json.loads(trace)["traceEvents"])


def named(events: list[dict[str, Any]], what: str, name: str) -> set[tuple[int, int]]:
    """(pid, tid) of the trace's metadata events `what` (process_name, thread_name) = name."""
    return {(e["pid"], e.get("tid", 0)) for e in events
            if e.get("ph") == "M" and e.get("name") == what and e["args"].get("name") == name}


def long_tasks(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The page renderer's main-thread tasks of >= 50 ms: wall, CPU, what ran."""
    renderers = {pid for pid, _ in named(events, "process_name", "Renderer")}
    mains = {t for t in named(events, "thread_name", "CrRendererMain") if t[0] in renderers}
    runs = [e for e in events if e.get("name") == TASK and (e["pid"], e.get("tid")) in mains]
    busiest = Counter((e["pid"], e.get("tid")) for e in runs).most_common(1)
    if not busiest:
        return {"tasks": [], "longest_wall": 0.0, "cpu_of_longest": 0.0, "longest_cpu": 0.0}
    mine = [e for e in runs if (e["pid"], e.get("tid")) == busiest[0][0]]
    start = min(e["ts"] for e in mine)
    inner = [e for e in events if e.get("name") == INNER and (e["pid"], e.get("tid")) == busiest[0][0]]
    tasks = [
        {"at": (e["ts"] - start) / 1000,  # ms after the renderer's first task (about its commit)
         "wall": e["dur"] / 1000, "cpu": e.get("tdur", 0) / 1000, "source": source(e, inner)}
        for e in sorted(mine, key=lambda e: e["ts"])
        if e.get("dur", 0) >= LEAST_MS * 1000
    ]
    longest = max(tasks, key=lambda t: t["wall"], default=None)
    return {
        "tasks": tasks,
        "longest_wall": longest["wall"] if longest else 0.0,
        "cpu_of_longest": longest["cpu"] if longest else 0.0,
        "longest_cpu": max((t["cpu"] for t in tasks), default=0.0),
    }


def source(task: dict[str, Any], inner: list[dict[str, Any]]) -> str:
    """What the scheduler ran in `task` (file:function), from the event nested in it."""
    for e in inner:
        if task["ts"] <= e["ts"] <= task["ts"] + task["dur"]:
            args = e.get("args") or {}
            return f"{args.get('src_file', '').rsplit('/', 1)[-1]}:{args.get('src_func', '')}"
    return ""
