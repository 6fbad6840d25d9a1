"""This build's key path against another build's, alternated in one session: whether a
change (a redesign, a refactor) made keys slower.

    python -m tests.bench.versus --before <an earlier build's dist/site> [--runs 5] [--moves 200]

Both are `make dist` sites (this one built now), served alike on loopback; for each,
round by round: the first key that moves the board (arrows every 50 ms from commit),
then `moves` keys once the engine has taken the game over and `moves` keys with the
engine held back (the page plays), giving key → board p50/p95 and the main-thread time
of a key's task p50/p95. The phone link's first moving key is `make bench
BENCH_ARGS="--network phone --before …"`.
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.bench import phone
from tests.bench.__main__ import build_site, log, rounds
from tests.bench.boot import Target
from tests.bench.keys import first_move, latency
from tests.bench.report import Table, input_rows
from tests.bench.server import serve
from tests.browser import LAUNCH_ARGS, find_chromium


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="an earlier build's dist/site")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--moves", type=int, default=200)
    options = parser.parse_args(argv)
    if not (options.before / "index.html").is_file():
        parser.error(f"--before {options.before}: no index.html there")
    with sync_playwright() as pw, contextlib.ExitStack() as stack:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        log("building this build's site (make dist's dist/site)")
        ours = build_site(Path(stack.enter_context(tempfile.TemporaryDirectory())))
        targets = [Target(name, "ours", stack.enter_context(serve(folder, phone.SUB_PATH)), "")
                   for name, folder in (("this build", ours), ("before", options.before))]
        firsts: dict[str, Callable[[], dict[str, Any]]] = {}
        plays: dict[str, Callable[[], dict[str, Any]]] = {}
        for t in targets:
            firsts[t.name] = lambda t=t: first_move(browser, t)  # type: ignore[misc]
            plays[f"{t.name}, engine playing"] = lambda t=t: latency(browser, t, options.moves)  # type: ignore[misc]
            plays[f"{t.name}, before the engine"] = lambda t=t: latency(  # type: ignore[misc]
                browser, t, options.moves, before_engine=True)
        for t in targets:  # unmeasured: the server compresses each file once
            first_move(browser, t)
        first = rounds(options.runs, "first key", firsts)
        played = rounds(options.runs, f"keys ({options.moves} moves)", plays)
        browser.close()
    table = Table()
    input_rows(table, first, played)
    print(f"Desktop, built sites, medians of {options.runs} alternated runs\n")
    print(table.markdown())


if __name__ == "__main__":
    main()
