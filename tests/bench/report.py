"""The bench's one markdown table, built from the results (medians, min–max, n).

A row is one number for one variant: the median over runs, the range of the runs, and
how many runs it stands on. Text rows (which engine booted, scores) say the same in
words. No row says pass or fail.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from tests.bench.pyscript_floor import NAME as FLOOR
from tests.bench.stats import Summary, percentile, summary

Fmt = Callable[[float], str]
OURS = ("auto", "snapshot", "plain", "one file (file://)", "one file (http)")
VISITS = ("fresh", "repeat")


def ms(value: float) -> str:
    return f"{value:,.0f} ms"


def ms1(value: float) -> str:
    return f"{value:,.1f} ms"


def times(value: float) -> str:
    return f"{value:.2f}×"


def mb(value: float) -> str:
    return f"{value / 1e6:,.2f} MB" if value >= 1e6 else f"{value / 1e3:,.1f} kB"


def count(value: float) -> str:
    return f"{value:,.0f}"


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str, str]] = []

    def add(self, measure: str, variant: str, values: Summary | Iterable[float | None], fmt: Fmt) -> None:
        s = values if isinstance(values, dict) else summary(values)
        if s["n"] == 0 or s["median"] is None or s["min"] is None or s["max"] is None:
            self.rows.append((measure, variant, "—", "", "0"))
            return
        spread = "" if s["n"] < 2 else f"{fmt(s['min'])} – {fmt(s['max'])}"
        self.rows.append((measure, variant, fmt(s["median"]), spread, str(s["n"])))

    def text(self, measure: str, variant: str, value: str, spread: str = "", n: int | str = "") -> None:
        self.rows.append((measure, variant, value, spread, str(n)))

    def markdown(self) -> str:
        lines = ["| measure | variant | median | min – max over runs | n |", "|---|---|---|---|---|"]
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in self.rows]
        return "\n".join(lines)


def ok(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The runs that did not fail."""
    return [run for run in runs if "error" not in run]


def failures(table: Table, sections: dict[str, dict[str, list[dict[str, Any]]]]) -> None:
    """One row per kind of run with failed runs (their errors are in results.json)."""
    for what, kinds in sections.items():
        for name, runs in kinds.items():
            failed = [run["error"] for run in runs if "error" in run]
            if failed:
                table.text(f"runs that failed ({what})", name, f"{len(failed)} of {len(runs)}",
                           failed[0][:80], len(runs))


def visit_values(runs: list[dict[str, Any]], visit: str, key: str) -> list[float | None]:
    return [run[visit].get(key) for run in runs]


def boot_rows(table: Table, boot: dict[str, list[dict[str, Any]]], with_extras: bool = True) -> None:
    """Measurement 1 (our page, each policy), the floors and the anchor's boot."""
    paired = {name: runs for name, runs in boot.items()}  # round by round, failures included
    boot = {name: ok(runs) for name, runs in boot.items()}
    ours = {p: boot[f"ours {p}"] for p in OURS if f"ours {p}" in boot}
    anchor = boot.get("anchor")
    floors = {f: boot[f"floor {f}"] for f in ("plain", "snapshot") if f"floor {f}" in boot}

    def each(measure: str, key: str, fmt: Fmt, anchor_too: bool, anchor_key: str | None = None) -> None:
        for policy, runs in ours.items():
            for visit in VISITS:
                table.add(measure, f"ours {policy} · {visit}", visit_values(runs, visit, key), fmt)
        if anchor_too and anchor:
            for visit in VISITS:
                table.add(measure, f"anchor · {visit}", visit_values(anchor, visit, anchor_key or key), fmt)

    each("first contentful paint", "fcp", ms, True)
    each("board on screen (ours: saved board's first tile; anchor: first tiles)", "tiles", ms, True)
    each("board playable (data-status leaves loading)", "ready", ms, False)
    each("engine took the game over (data-engine leaves starting)", "taken_over", ms, False)
    for policy, runs in ours.items():
        for visit in VISITS:
            booted = Counter(str(run[visit].get("engine")) for run in runs)
            table.text("engine that booted (data-engine)", f"ours {policy} · {visit}",
                       ", ".join(f"{name} {k}/{len(runs)}" for name, k in booted.most_common()), n=len(runs))
    for policy, runs in ours.items():
        cached = [run["fresh"].get("snapshot_cached") for run in runs]
        if any(c is not None for c in cached):
            table.add("snapshot kept for the next visit (HTTP cache after a plain first boot; "
                      "one file: made on the device, in IndexedDB)",
                      f"ours {policy} · fresh", cached, ms)
    each("longest main-thread task before the board plays / is on screen", "longest", ms, True)
    each("longest main-thread task before the engine took over", "longest_to_engine", ms, False)
    for name, runs in floors.items():
        for visit in VISITS:
            table.add("floor: bare worker's Python ready", f"{name} floor · {visit}",
                      visit_values(runs, visit, "ready"), ms)
    for name in floors:
        for policy in ours:
            ratios = [
                a["fresh"]["taken_over"] / b["fresh"]["ready"]
                for a, b in zip(paired[f"ours {policy}"], paired[f"floor {name}"])
                if "error" not in a and "error" not in b
                and a["fresh"].get("taken_over") and b["fresh"].get("ready")
            ]
            table.add(f"our engine taking over ÷ {name} floor (fresh, per round)", f"ours {policy} · fresh",
                      ratios, times)
    for variant in ("one file (file://)", "one file (http)"):
        for visit in VISITS:
            ratios = [
                a[visit]["taken_over"] / b[visit]["taken_over"]
                for a, b in zip(paired.get(f"ours {variant}", []), paired.get("ours auto", []))
                if "error" not in a and "error" not in b
                and a[visit].get("taken_over") and b[visit].get("taken_over")
            ]
            if ratios:
                table.add(f"{variant} engine taking over ÷ the site's (ours auto), per round",
                          f"ours {variant} · {visit}", ratios, times)
    if with_extras:
        bytes_rows(table, {p: runs for p, runs in ours.items() if not p.startswith("one file")}, anchor)


def traced_rows(table: Table, traced: dict[str, list[dict[str, Any]]]) -> None:
    """Wall against CPU time of the long tasks before playing (tests/bench/traced.py)."""
    traced = {name: ok(runs) for name, runs in traced.items()}
    for key, label in (("longest_wall", "wall time"), ("cpu_of_longest", "CPU time of that task"),
                       ("longest_cpu", "most CPU time in one long task")):
        for name, runs in traced.items():
            table.add(f"traced first visit, longest main-thread task before playing: {label}",
                      f"{name} · fresh", [r[key] for r in runs], ms)


def bytes_rows(table: Table, ours: dict[str, list[dict[str, Any]]],
               anchor: list[dict[str, Any]] | None) -> None:
    variants = {f"ours {p}": runs for p, runs in ours.items()}
    if anchor:
        variants["anchor (until load + tiles)"] = anchor
    for name, runs in variants.items():
        totals = [run["fresh"]["bytes"]["total"] for run in runs]
        table.add("bytes of a cold load until the engine took over, gzip-6 as served", name,
                  [t["gzip"] for t in totals], mb)
        table.add("bytes of a cold load until the engine took over, raw", name,
                  [t["raw"] for t in totals], mb)
        split = [run["fresh"]["bytes"] for run in runs]
        parts = " / ".join(
            mb(statistics.median(s[part]["gzip"] for s in split)) for part in ("runtime", "snapshot", "own")
        )
        requests = statistics.median(s["total"]["requests"] for s in split)
        table.text("… gzip split: runtime / snapshot / own files", name, parts, f"{requests:.0f} requests",
                   len(split))


def per_round(ours: list[dict[str, Any]], theirs: list[dict[str, Any]],
              value: Callable[[dict[str, Any]], float | None]) -> list[float]:
    """Ours ÷ theirs, round by round (runs alternated in one session pair up by index);
    a round where either run failed or has no value is left out."""
    pairs = [(value(a), value(b)) for a, b in zip(ours, theirs) if "error" not in a and "error" not in b]
    return [a / b for a, b in pairs if a and b]


def field(key: str, visit: str = "") -> Callable[[dict[str, Any]], float | None]:
    """A run's number `key` (in its `visit`, for the phone's runs)."""
    return lambda run: (run[visit] if visit else run).get(key)


def input_rows(table: Table, first: dict[str, list[dict[str, Any]]],
               latency: dict[str, list[dict[str, Any]]]) -> None:
    raw_first = first
    first = {name: ok(runs) for name, runs in first.items()}
    latency = {name: ok(runs) for name, runs in latency.items() if ok(runs)}
    for name, runs in first.items():
        table.add("first tiles, playable (arrow every 50 ms from commit)", name,
                  [r["ready"] for r in runs], ms)
        table.add("first key that moves the board (arrow every 50 ms from commit)", name,
                  [r["first_move"] for r in runs], ms)
    for yardstick in ("anchor", FLOOR):
        for key, label in (("ready", "first tiles"), ("first_move", "first moving key")):
            for name in first:
                if name in ("anchor", FLOOR) or yardstick not in first:
                    continue
                whose = "the anchor's" if yardstick == "anchor" else "the PyScript floor's"
                table.add(f"{label} ÷ {whose} (per round)", name,
                          per_round(raw_first[name], raw_first[yardstick], field(key)), times)
    for what, key in (("key → board updated", "lat"), ("key → next frame after the update", "frame_lat")):
        for q, label in ((0.5, "p50"), (0.95, "p95")):
            for name, runs in latency.items():
                table.add(f"{what}, {label} (per run, {runs[0]['moves']} moves)", name,
                          [percentile(r[key], q) for r in runs], ms1)
    for q, label in ((0.5, "p50"), (0.95, "p95")):
        for name, runs in latency.items():
            if all(r.get("task") for r in runs):  # our probe only (tests/bench/probes/ours.js)
                table.add(f"main-thread time of a key's task, {label} (per run, {runs[0]['moves']} moves)",
                          name, [percentile(r["task"], q) for r in runs], ms1)
    for name, runs in latency.items():
        table.add(f"longest main-thread task during {runs[0]['moves']} moves", name,
                  [r["longest"] for r in runs], ms)


def first_keys_rows(table: Table, first_keys: dict[str, list[dict[str, Any]]]) -> None:
    """Keys pressed quickly from the first move on (tests/bench/keys.py `first_keys`):
    the player's first seconds, while our page's engine starts and takes over."""
    runs = {name: ok(found) for name, found in first_keys.items() if ok(found)}
    for q, label in ((0.5, "p50"), (0.95, "p95")):
        for name, found in runs.items():
            table.add(f"first keys from the first move (a key every 30 ms): key → board, {label}", name,
                      [percentile(r["lat"], q) for r in found if r["lat"]], ms1)
    for name, found in runs.items():
        table.add("… longest main-thread task meanwhile", name, [r["longest"] for r in found], ms)
    if "anchor" in first_keys:
        for name in runs:
            if name == "anchor":
                continue
            table.add("… key → board p95 ÷ the anchor's (per round)", name,
                      per_round(first_keys[name], first_keys["anchor"], lambda r: percentile(r["lat"], 0.95)),
                      times)


def autoplay_rows(table: Table, autoplay: dict[str, list[dict[str, Any]]]) -> None:
    """Auto-play at full speed (tests/bench/autoplay.py): its pace and the main thread's
    long tasks while it plays; the solver's time per move in the worker."""
    autoplay = {variant: ok(runs) for variant, runs in autoplay.items() if ok(runs)}
    for variant, runs in autoplay.items():
        label = f"auto-play at full speed, {runs[0]['target']} moves"
        table.add(f"{label}: moves per second", variant, [r["moves_per_s"] for r in runs], per_s)
        table.add("… longest main-thread task (0: none ≥ 50 ms)", variant, [r["longest"] for r in runs], ms)
        table.add("… main-thread tasks ≥ 50 ms", variant, [r["long_tasks"] for r in runs], count)
        table.add("… solver ms per move in the worker, mean", variant,
                  [statistics.fmean(r["hint_ms"]) if r["hint_ms"] else None for r in runs], ms1)
        table.add("… solver question → answer on the page, p95", variant,
                  [percentile(r["hint_round_trip_ms"], 0.95) for r in runs], ms1)
        early = [r for r in runs if r["ended_early"]]
        if early:
            table.text("… runs that ended before the last move (game over or stopped)", variant,
                       f"{len(early)} of {len(runs)}",
                       ", ".join(f"{r['moves']} moves ({r['status']})" for r in early), len(runs))


def per_s(value: float) -> str:
    return f"{value:,.1f}/s"


def lighthouse_rows(table: Table, lighthouse: dict[str, list[dict[str, Any]]]) -> None:
    lighthouse = {where: ok(runs) for where, runs in lighthouse.items()}
    for where, runs in lighthouse.items():
        if "," not in where:  # a report from before the floor was measured: the built site's
            where = f"{where}, built site"
        scores = []
        for category in ("performance", "accessibility", "best-practices", "seo"):
            s = summary(r[category] for r in runs)
            scores.append("—" if s["median"] is None else f"{s['median']:.0f}")
        perf = summary(r["performance"] for r in runs)
        spread = "" if perf["n"] < 2 else f"performance {perf['min']:.0f} – {perf['max']:.0f}"
        table.text("Lighthouse performance / accessibility / best practices / SEO", where,
                   " / ".join(scores), spread, len(runs))
        for key, label in (("fcp", "FCP"), ("lcp", "LCP"), ("tbt", "TBT")):
            table.add(f"Lighthouse {label}", where, [r[key] for r in runs], ms)


def engine_rows(table: Table, engine: dict[str, dict[str, list[float]]]) -> None:
    for board, rates in engine.items():
        table.add("engine slides per second (CPython, game.rules.slide)", board,
                  rates["slide_moves_per_s"], count)
    for board, rates in engine.items():
        table.add("engine full moves per second (CPython, Session.move)", board,
                  rates["session_moves_per_s"], count)


def solver_rows(table: Table, solver: dict[str, dict[str, list[float]]]) -> None:
    """The solver's first 300 moves of a 4x4 game at the 20 ms auto-play budget
    (tests/bench/solver.py); whole-game reach rates are the README's own table."""
    for key, label, fmt in (("ms_per_move_mean", "solver ms per move, mean", ms),
                            ("ms_per_move_p99", "solver ms per move, p99", ms),
                            ("positions_per_s", "solver positions per second", count),
                            ("depth_mean", "solver search depth reached, mean", depth)):
        for where, runs in solver.items():
            table.add(f"{label} (4x4, 20 ms budget, 300 moves)",
                      "CPython" if where == "cpython" else "Pyodide under Node", runs[key], fmt)


def depth(value: float) -> str:
    return f"{value:.2f}"


def phone_rows(table: Table, visits: dict[str, list[dict[str, Any]]]) -> None:
    """A phone's first and repeat visit over the slow link (tests/bench/phone.py), each
    target against the anchor run by run."""
    paired = visits
    runs = {name: ok(found) for name, found in visits.items()}
    for measure, key in (("phone: first tiles on screen", "tiles"),
                         ("phone: first key that moves the board (an arrow every 50 ms)", "first_move"),
                         ("phone: engine took the game over", "taken_over"),
                         ("phone: longest main-thread task before the first move", "longest")):
        for name, found in runs.items():
            for visit in VISITS:
                values = visit_values(found, visit, key)
                if any(v is not None for v in values):
                    table.add(measure, f"{name} · {visit}", values, ms)
    for yardstick, whose in (("anchor", "the anchor's"), (FLOOR, "the PyScript floor's")):
        for key, label in (("tiles", "first tiles"), ("first_move", "first moving key")):
            for name in runs:
                if name in ("anchor", FLOOR) or yardstick not in paired:
                    continue
                for visit in VISITS:
                    ratios = per_round(paired[name], paired[yardstick], field(key, visit))
                    table.add(f"phone: {label} ÷ {whose} (per round)", f"{name} · {visit}", ratios, times)
    for name, found in runs.items():
        sent = [run["fresh"]["bytes"]["total"]["sent"] for run in found]
        table.add("phone: bytes on the wire, first visit (until the engine took over; anchor: moved)",
                  name, sent, mb)
        within = [run["fresh"].get("sent_within_120s") for run in found]
        if any(v is not None for v in within):
            table.add("phone: bytes on the wire in the first 120 s of the first visit, everything",
                      name, [v for v in within if v is not None], mb)
        active = [run["fresh"].get("worker_active_after_s") for run in found]
        if any(v is not None for v in active):
            table.add("phone: service worker active (every file kept), after the first visit",
                      name, [v * 1000 for v in active if v is not None], ms)
