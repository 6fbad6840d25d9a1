"""Lighthouse scores and load metrics, desktop and phone presets, as medians.

Lighthouse is pinned in tests/bench/package.json (its own package-lock.json; the Makefile
installs it with `npm ci --prefix tests/bench`). It launches the same Chromium as the
rest of the bench (CHROME_PATH) with the same flags, on a fresh profile each run, against
the bench's loopback server. The phone preset is Lighthouse's default: a simulated slow
4G link and a 4x slower CPU (computed from the trace, not applied while loading).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from tests.bench import machine
from tests.browser import LAUNCH_ARGS

HERE = Path(__file__).resolve().parent
CLI = HERE / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
AUDITS = {"fcp": "first-contentful-paint", "lcp": "largest-contentful-paint", "tbt": "total-blocking-time"}
PRESETS = ("desktop", "phone")


def available() -> bool:
    return CLI.is_file()


def version() -> str:
    package = json.loads((HERE / "node_modules" / "lighthouse" / "package.json").read_text())
    return str(package["version"])


def run(url: str, preset: str, chromium: str, timeout: float = 300.0) -> dict[str, Any]:
    """One Lighthouse run: the four category scores (0-100) and FCP, LCP, TBT (ms)."""
    flags = " ".join(["--headless=new", *LAUNCH_ARGS])
    with tempfile.TemporaryDirectory(prefix="bench-lh-") as folder:
        out = Path(folder) / "report.json"
        command = [
            "node", str(CLI), url, "--quiet", "--output=json", f"--output-path={out}",
            f"--chrome-flags={flags}",
            *([f"--preset={preset}"] if preset == "desktop" else []),
        ]
        env = {**os.environ, "CHROME_PATH": chromium}
        machine.settle()  # as every page load of the bench (tests/bench/machine.py)
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0 or not out.is_file():
            raise RuntimeError(f"lighthouse {preset} failed ({done.returncode}): {done.stderr[-2000:]}")
        report = json.loads(out.read_text())
    result: dict[str, Any] = {}
    for category in CATEGORIES:
        score = report["categories"][category]["score"]
        result[category] = None if score is None else round(100 * score)
    for name, audit in AUDITS.items():
        result[name] = report["audits"][audit].get("numericValue")
    warnings = report.get("runWarnings") or []
    result["warnings"] = [str(w) for w in warnings]
    result["runtime_error"] = (report.get("runtimeError") or {}).get("message")
    return result
