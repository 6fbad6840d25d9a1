"""`make bench`: the whole performance report, one markdown table and docs/bench-results.json.

    python -m tests.bench [--runs N] [--quick] [--anchor DIR] [--network none|phone]

Desktop run (the default, `--network none`), in one browser session, each kind of run
alternated round by round (A, B, C, A, B, C ...), each in a fresh browser context:
1. our page booting, first visit and repeat visit, for each engine policy (auto, and
   forced ?engine=snapshot / ?engine=plain), and 2. the two floors (tests/bench/floors/);
   and traced first visits (wall against CPU time of the long tasks, tests/bench/traced.py);
3. the original 2048 (`--anchor DIR`, served on its own loopback port) booting, and
   the first key that moves the board, ours and the anchor's;
4. key → board latency and long tasks over `--moves` moves: ours and the anchor with
   animations on, ours with prefers-reduced-motion; then 200 moves of Auto-play at full
   speed: moves per second and main-thread long tasks (tests/bench/autoplay.py); then
   result codes: their length, and verifying one in CPython and in the page
   (tests/bench/replays.py); then Rankings: opening a board of 1,000 friends' results
   and adding one (tests/bench/rankings.py); then Review: a 1,000-move game reviewed in
   the page, and keys with a review going on behind against none (tests/bench/review.py);
5. bytes of each cold load (from the server's log, rows of 1 and 3);
6. Lighthouse desktop and phone, on the built site (skipped by --quick); 7. engine moves/s on CPython.
Phone run (`--network phone`): a phone's first and repeat visit (tests/bench/phone.py):
`make dist`'s site under a sub-path, through a link that is the bench's own server
(Lighthouse's phone link: 150 ms round trip, 1.6 Mbit/s shared), 4x CPU on the page,
alternated with `--before DIR` (an earlier build's dist/site) and the anchor.
Each kind of run writes its own section of docs/bench-results.json ("desktop", "phone") and
leaves the other one as it was. Every number is a median over runs; nothing passes or fails.
Progress goes to stderr, the report to stdout.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from tests.bench import (
    autoplay,
    engine,
    lighthouse,
    machine,
    phone,
    pyscript_floor,
    rankings,
    replays,
    review,
    solver,
)
from tests.bench.boot import Target, boot_run
from tests.bench.keys import FIRST_KEYS, first_keys, first_move, latency
from tests.bench.pages import DESKTOP, NETWORKS
from tests.bench.report import (
    Table,
    autoplay_rows,
    boot_rows,
    engine_rows,
    failures,
    first_keys_rows,
    input_rows,
    lighthouse_rows,
    phone_rows,
    solver_rows,
    traced_rows,
)
from tests.bench.server import Link, Site, serve
from tests.bench.traced import traced_boot
from tests.browser import LAUNCH_ARGS, ROOT, find_chromium

RESULTS = ROOT / "docs" / "bench-results.json"


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=None, help="runs per number (default 5; --quick: 2)")
    parser.add_argument("--quick", action="store_true", help="fewer runs and moves, no Lighthouse")
    parser.add_argument("--anchor", type=Path, default=None, help="a directory with the original 2048")
    parser.add_argument("--network", choices=sorted(NETWORKS), default="none",
                        help="phone: a phone's first and repeat visit, on a slow link and CPU")
    parser.add_argument("--before", type=Path, default=None,
                        help="with --network phone: an earlier build's dist/site, measured alongside; "
                             "without: an earlier checkout (set up, with its make dist's dist/site), whose "
                             "first keys and key latency are measured alongside")
    parser.add_argument("--keys-only", action="store_true",
                        help="desktop: only the first moving key, the first keys and key latency")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=DIR",
                        help="with --network phone: another build's dist/site, measured alongside as NAME")
    parser.add_argument("--engine-at-once", action="store_true",
                        help="with --network phone: also our page starting its engine at once")
    parser.add_argument("--moves", type=int, default=None, help="moves per latency run (default 200)")
    parser.add_argument("--interval", type=float, default=0.1, help="least seconds between two moves")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the results file to update")
    options = parser.parse_args(argv)
    options.runs = options.runs or (2 if options.quick else 5)
    options.moves = options.moves or (40 if options.quick else 200)
    options.variants = {}
    for variant in options.variant:
        name, _, folder = variant.partition("=")
        if not name or not folder:
            parser.error(f"--variant {variant}: NAME=DIR")
        options.variants[name] = Path(folder)
    earlier_site = options.before / "dist" / "site" if options.before is not None else None
    if options.network == "none" and earlier_site is not None and not (earlier_site / "index.html").is_file():
        parser.error(f"--before {options.before}: no dist/site there (make dist in it)")
    for name, folder in (("--anchor", options.anchor), ("--before", options.before),
                         *(("--variant", folder) for folder in options.variants.values())):
        if folder is not None and not (folder / "index.html").is_file():
            parser.error(f"{name} {folder}: no index.html there")
    return options


Runs = dict[str, list[dict[str, Any]]]


# The desktop's start-up rows (first tiles, first moving key) take this many rounds per
# run: a round costs about 3 s for all four pages, and on this shared two-core machine
# one round's game ÷ floor swings by ±20 %, so five rounds could not tell a 30 ms change
# from the noise (docs/performance.md, "2026-12-04, late").
FIRST_MOVE_ROUNDS = 5


def rounds(runs: int, what: str, kinds: dict[str, Callable[[], dict[str, Any]]]) -> Runs:
    """Each kind once per round, alternated, for `runs` rounds; every other round in the
    reverse order, so that no kind always runs right after another (a page's worker
    still winding down, a cache just warmed). A run that fails (a page that never got
    ready, a crashed tool) is kept as {"error": ...} and left out of the medians, whose
    n then says so; the bench goes on."""
    found: Runs = {name: [] for name in kinds}
    for i in range(runs):
        log(f"{what}: round {i + 1}/{runs}")
        order = list(kinds.items())
        for name, run in order[::-1] if i % 2 else order:
            try:
                found[name].append(run())
            except Exception as error:  # one bad run must not lose the others
                log(f"{what}: {name} failed: {error}")
                found[name].append({"error": f"{type(error).__name__}: {error}"})
    return found


def boot_targets(site: Site, anchor: Site | None, floors: bool,
                 one_file: tuple[Path, Site] | None = None) -> list[Target]:
    targets = [
        Target("ours auto", "ours", site, "index.html"),
        Target("ours snapshot", "ours", site, "index.html?engine=snapshot"),
        Target("ours plain", "ours", site, "index.html?engine=plain"),
    ]
    if one_file is not None:
        built, served = one_file
        targets += [
            Target("ours one file (file://)", "ours", served, built.name, address=built.as_uri()),
            Target("ours one file (http)", "ours", served, built.name),
        ]
    if floors:
        targets += [
            Target("floor plain", "floor", site, "tests/bench/floors/plain.html"),
            Target("floor snapshot", "floor", site, "tests/bench/floors/snapshot.html"),
        ]
    if anchor is not None:
        targets.append(Target("anchor", "anchor", anchor, "index.html"))
    return targets


def warm_up(browser: Browser, targets: list[Target]) -> None:
    """One unmeasured boot of each page: the server compresses each file once, the OS
    caches the files, Chromium loads its own code; none of that belongs to a run."""
    log("warm-up (not measured)")
    for target in targets:
        if target.name in ("ours snapshot", "anchor") or target.one_file:
            boot_run(browser, target, DESKTOP, timeout=300)


def build_one_file(folder: Path) -> Path:
    """dist/2048.html as `make dist` builds it, into `folder`."""
    built = folder / "2048.html"
    subprocess.run(["node", str(ROOT / "build" / "onefile.mjs"), str(built)], check=True,
                   capture_output=True)
    return built


def build_site(folder: Path) -> Path:
    """dist/site as `make dist` builds it, into `folder`."""
    built = folder / "site"
    subprocess.run(["node", str(ROOT / "build" / "site.mjs"), str(built)], check=True, capture_output=True)
    return built


def desktop(options: argparse.Namespace, browser: Browser, site: Site, anchor: Site | None,
            one_file: tuple[Path, Site] | None = None, built: Site | None = None,
            floor: Site | None = None, before: tuple[Site, Site] | None = None) -> dict[str, Any]:
    section: dict[str, Any] = {}
    if not options.keys_only:
        targets = boot_targets(site, anchor, floors=True, one_file=one_file)
        warm_up(browser, targets)
        section["boot"] = rounds(options.runs, "boot", {
            t.name: (lambda t=t: boot_run(browser, t)) for t in targets  # type: ignore[misc]
        })
        section["traced"] = rounds(options.runs, "traced first visits", {
            t.name: (lambda t=t: traced_boot(browser, t)) for t in targets if t.kind != "floor"  # type: ignore[misc]
        })
    section.update(keys_section(options, browser, site, anchor, built, floor, before))
    if not options.keys_only:
        section.update(features_section(options, browser, site))
    return section


def keys_section(options: argparse.Namespace, browser: Browser, site: Site, anchor: Site | None,
                 built: Site | None, floor: Site | None, before: tuple[Site, Site] | None) -> dict[str, Any]:
    """The first moving key, the first keys and key latency: ours, the floor, the anchor,
    and an earlier build of ours (`before`: its checkout and its built site) alternated."""
    section: dict[str, Any] = {}
    ours = Target("ours", "ours", site, "index.html")
    firsts: dict[str, Callable[[], dict[str, Any]]] = {"ours": lambda: first_move(browser, ours)}
    quick_keys: dict[str, Callable[[], dict[str, Any]]] = {}  # the first keys, from the first move
    if built is not None:  # what players get: make dist's site (its Python in one file, preloads)
        deployed = Target("ours, built site", "ours", built, "")
        firsts["ours, built site"] = lambda: first_move(browser, deployed)
        quick_keys["ours, built site"] = lambda: first_keys(browser, deployed)
    if floor is not None:  # the fastest a PyScript page starts, served the same way
        bare = Target(pyscript_floor.NAME, "pyscript", floor, "")
        firsts[pyscript_floor.NAME] = lambda: first_move(browser, bare)
        quick_keys[pyscript_floor.NAME] = lambda: first_keys(browser, bare)
    plays: dict[str, Callable[[], dict[str, Any]]] = {
        "ours, motion on": lambda: latency(browser, ours, options.moves, options.interval),
    }
    if anchor is not None:
        theirs = Target("anchor", "anchor", anchor, "index.html")
        firsts["anchor"] = lambda: first_move(browser, theirs)
        quick_keys["anchor"] = lambda: first_keys(browser, theirs)
        plays["anchor, motion on"] = lambda: latency(browser, theirs, options.moves, options.interval)
    plays["ours, reduced motion"] = lambda: latency(
        browser, ours, options.moves, options.interval, reduced_motion=True
    )
    plays["ours, before the engine (page plays), motion on"] = lambda: latency(
        browser, ours, options.moves, options.interval, before_engine=True
    )
    if before is not None:
        earlier, earlier_built = Target("before", "ours", before[0], "index.html"), \
            Target("before, built site", "ours", before[1], "")
        firsts["before, built site"] = lambda: first_move(browser, earlier_built)
        quick_keys["before, built site"] = lambda: first_keys(browser, earlier_built)
        plays["before, motion on"] = lambda: latency(browser, earlier, options.moves, options.interval)
        plays["before, before the engine (page plays), motion on"] = lambda: latency(
            browser, earlier, options.moves, options.interval, before_engine=True)
    section["first_move"] = rounds(options.runs * FIRST_MOVE_ROUNDS, "first key", firsts)
    section["first_keys"] = rounds(options.runs, f"the first {FIRST_KEYS} keys", quick_keys)
    section["latency"] = rounds(options.runs, f"latency ({options.moves} moves)", plays)
    return section


def features_section(options: argparse.Namespace, browser: Browser, site: Site) -> dict[str, Any]:
    """Auto-play, result codes, Rankings and Review, on our page."""
    section: dict[str, Any] = {}
    log(f"auto-play at full speed ({autoplay.MOVES} moves)")
    section["autoplay"] = autoplay.measure(browser, site.url, 1 if options.quick else options.runs)
    log("result codes: their length, and checking one (CPython and in the page)")
    section["replays"] = replays.measure(browser, site.url, 5 if options.quick else replays.REPEAT)
    log("rankings: opening a board of 1,000 friends' results, adding one")
    section["rankings"] = rankings.measure(browser, site.url, 2 if options.quick else rankings.REPEAT)
    log("review: a 1,000-move game in the page, and keys with a review going on behind")
    section["review"] = review.measure(browser, site.url, 1 if options.quick else review.REPEAT)
    return section


def lighthouse_section(options: argparse.Namespace, site: Site, floor: Site, chromium: str) -> dict[str, Any]:
    """Each preset on the built site and on the PyScript floor, alternated: a phone score
    no PyScript page reaches on this machine is a target only the floor can show."""
    kinds: dict[str, Callable[[], dict[str, Any]]] = {}
    for preset in lighthouse.PRESETS:
        for where, served in (("built site", site), (pyscript_floor.NAME, floor)):
            kinds[f"{preset}, {where}"] = (
                lambda p=preset, s=served: lighthouse.run(s.url + "index.html", p, chromium))  # type: ignore[misc]
    return rounds(options.runs, "lighthouse", kinds)


def phone_section(options: argparse.Namespace, browser: Browser, anchor: Path | None) -> dict[str, Any]:
    """The phone's visits (tests/bench/phone.py), every target through one link."""
    link = Link(phone.ROUND_TRIP_MS, phone.BYTES_PER_SECOND)
    with contextlib.ExitStack() as stack:
        log("building the site (make dist's dist/site)")
        sites = {"ours": build_site(Path(stack.enter_context(tempfile.TemporaryDirectory())))}
        if options.before is not None:
            sites["before"] = options.before
        sites.update(options.variants)
        targets = [Target(name, "ours", stack.enter_context(serve(folder, phone.SUB_PATH, link)), "")
                   for name, folder in sites.items()]
        floor = pyscript_floor.build(Path(stack.enter_context(tempfile.TemporaryDirectory())))
        floor_site = stack.enter_context(serve(floor, phone.SUB_PATH, link))
        targets.append(Target(pyscript_floor.NAME, "pyscript", floor_site, ""))
        if options.engine_at_once:
            targets.insert(1, Target("ours, engine at once", "ours", targets[0].site, "",
                                     scripts=(phone.ENGINE_AT_ONCE,)))
        if anchor is not None:
            targets.append(Target("anchor", "anchor", stack.enter_context(serve(anchor, "/", link)), ""))
        return {"visits": rounds(options.runs, "phone visits", {
            t.name: (lambda t=t: phone.run(browser, t)) for t in targets  # type: ignore[misc]
        })}


def table_of(section: dict[str, Any]) -> Table:
    table = Table()
    if "visits" in section:
        phone_rows(table, section["visits"])
    if "boot" in section:
        boot_rows(table, section["boot"])
    if section.get("traced"):
        traced_rows(table, section["traced"])
    if "first_move" in section:
        input_rows(table, section["first_move"], section["latency"])
    if section.get("first_keys"):
        first_keys_rows(table, section["first_keys"])
    if section.get("autoplay"):
        autoplay_rows(table, section["autoplay"])
    if section.get("replays"):
        replays.replay_rows(table, section["replays"])
    if section.get("rankings"):
        rankings.ranking_rows(table, section["rankings"])
    if section.get("review"):
        review.review_rows(table, section["review"])
    if section.get("lighthouse"):
        lighthouse_rows(table, section["lighthouse"])
    if section.get("engine"):
        engine_rows(table, section["engine"])
    if "solver" in section:
        solver_rows(table, section["solver"])
    failures(table, {k: section[k]
                     for k in ("boot", "visits", "traced", "first_move", "latency", "autoplay", "lighthouse")
                     if section.get(k)})
    return table


def quiet_said(m: dict[str, Any]) -> str:
    """How long the loads waited for a quiet machine (tests/bench/machine.py `settle`)."""
    quiet = m.get("quiet_before_loads")
    if not quiet or not quiet.get("loads"):
        return ""
    busy = f", {quiet['busy']:.0f} began busy after {machine.QUIET_TIMEOUT:.0f} s" if quiet["busy"] else ""
    waited = quiet["waited_s"] / quiet["loads"]
    return (f" (under {machine.QUIET_SHARE:.0%} of all cores busy for {machine.QUIET_WINDOW * 1000:.0f} ms: "
            f"{quiet['loads']:.0f} loads waited {waited:.1f} s each on average{busy})")


def header(section: dict[str, Any]) -> str:
    m = section["machine"]
    c = section["config"]
    load = " ".join(str(x) for x in m.get("load_average_at_start") or [])
    lines = [
        f"## py2048 bench: {c['network_label']}, {m['date']}",
        "",
        f"Machine: {m['cpu']}, {m['cores']} cores (load average {load} at start; shared and noisy) · "
        f"Chromium {m['chromium']} (headless) · Python {m['python']}"
        + (f" · Lighthouse {c['lighthouse']}" if c.get("lighthouse") else ""),
        f"Medians of {c['runs']} runs, alternated round by round, each in a fresh browser context, "
        f"every load started once the machine is quiet{quiet_said(m)}; "
        f"times in ms after navigation start unless said. Loopback server, gzip-6 and "
        f"Cache-Control max-age=600 like a static host. Whole bench: {section['seconds'] / 60:.1f} min.",
    ]
    if c["network"] == "phone":
        lines.append("Phone link made by the bench's server for everything (page, worker, service worker): "
                     "150 ms round trip per response, 1.6 Mbit/s shared; `make dist`'s site under "
                     f"{phone.SUB_PATH}; CPU 4x slower on the page's main thread (CDP).")
    if not c.get("anchor"):
        lines.append("Anchor rows skipped: no ANCHOR=<directory of the original 2048> given.")
    if c.get("lighthouse_skipped"):
        lines.append(f"Lighthouse skipped ({c['lighthouse_skipped']}).")
    return "\n".join(lines)


def compact(value: Any) -> Any:
    """Floats to 0.1 (ms), so the raw samples stay readable and the file small."""
    if isinstance(value, float):
        return round(value, 1)
    if isinstance(value, dict):
        return {k: compact(v) for k, v in value.items()}
    if isinstance(value, list):
        return [compact(v) for v in value]
    return value


def trim_files(section: dict[str, Any], first_only: bool) -> None:
    """Keep one per-file byte list: the first cold load of our page (default policy) and
    of the anchor. Every other load fetches the same files (the snapshot policy adds the
    snapshot; a floor fetches the runtime's subset); the phone run keeps none."""
    for name, runs in section.get("boot", {}).items():
        for i, run in enumerate(runs):
            for visit in ("fresh", "repeat"):
                spared = first_only and name in ("ours auto", "anchor") and i == 0 and visit == "fresh"
                if visit in run and not spared:
                    run[visit]["bytes"].pop("files", None)


def to_json(value: Any, depth: int = 0) -> str:
    """JSON with one key per line, but lists of numbers (the raw samples) and small
    records of plain values on one line each."""
    pad = " " * (depth + 1)
    flat = isinstance(value, dict) and all(isinstance(v, (int, float, str)) for v in value.values())
    if isinstance(value, dict) and value and not flat:
        items = [f"{pad}{json.dumps(k)}: {to_json(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        items = [pad + to_json(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"
    return json.dumps(value)


def save(path: Path, name: str, section: dict[str, Any]) -> None:
    results: dict[str, Any] = {}
    if path.is_file():
        try:
            results = json.loads(path.read_text())
        except json.JSONDecodeError:
            results = {}
    trim_files(section, first_only=name == "desktop")
    results[name] = compact(section)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_json(results) + "\n")


def main(argv: list[str] | None = None) -> None:
    options = arguments(argv)
    started = time.monotonic()
    chromium = find_chromium()
    section: dict[str, Any] = {}
    config: dict[str, Any] = {
        "runs": options.runs, "quick": options.quick, "network": options.network,
        "network_label": "desktop, no emulation" if options.network == "none" else "phone link emulated",
        "moves": options.moves, "interval_s": options.interval,
        "anchor": bool(options.anchor), "before": str(options.before or ""), "lighthouse": None,
    }
    with serve(ROOT) as site, sync_playwright() as pw, contextlib.ExitStack() as stack:
        browser = pw.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
        section["machine"] = machine.describe(browser.version)
        deployed = floor_site = None
        if options.network == "phone":
            section.update(phone_section(options, browser, options.anchor))
        else:
            if options.anchor is None:
                log("no --anchor (make bench ANCHOR=<dir>): the anchor rows are skipped")
            anchor = stack.enter_context(serve(options.anchor)) if options.anchor else None
            built = build_one_file(Path(stack.enter_context(tempfile.TemporaryDirectory())))
            one_file = (built, stack.enter_context(serve(built.parent)))
            deployed = stack.enter_context(serve(build_site(built.parent), phone.SUB_PATH))
            floor = pyscript_floor.build(Path(stack.enter_context(tempfile.TemporaryDirectory())))
            floor_site = stack.enter_context(serve(floor, phone.SUB_PATH))
            before = None
            if options.before is not None:  # an earlier checkout, and its built site
                before = (stack.enter_context(serve(options.before)),
                          stack.enter_context(serve(options.before / "dist" / "site", phone.SUB_PATH)))
            section.update(desktop(options, browser, site, anchor, one_file, deployed, floor_site, before))
        browser.close()
        if options.network == "none" and deployed is not None and floor_site is not None:
            if options.quick or options.no_lighthouse or options.keys_only:
                config["lighthouse_skipped"] = "--quick" if options.quick else "--no-lighthouse/--keys-only"
            elif not lighthouse.available() or chromium is None:
                config["lighthouse_skipped"] = "not installed: npm ci --prefix tests/bench"
            else:
                # The page players get: `make dist`'s site, as GitHub Pages serves it.
                config["lighthouse"] = lighthouse.version()
                section["lighthouse"] = lighthouse_section(options, deployed, floor_site, chromium)
    if options.network == "none" and not options.keys_only:
        log("engine moves per second (CPython)")
        section["engine"] = engine.measure(rounds=options.runs)
        log("solver, first 300 moves of a 4x4 game, CPython and Pyodide alternated")
        section["solver"] = solver.measure(rounds=1 if options.quick else 3)
    section["config"] = config
    section["seconds"] = time.monotonic() - started
    section["machine"]["load_average_at_end"] = machine.load_average()
    section["machine"]["quiet_before_loads"] = dict(machine.settled)
    report = header(section) + "\n\n" + table_of(section).markdown()
    save(options.out, "desktop" if options.network == "none" else options.network, section)
    print(report)
    log(f"wrote {options.out}")


if __name__ == "__main__":
    main()
