"""Bytes a page load fetched, from the bench server's own request log.

Counted at the server, so the engine worker's requests (the wasm, the standard library,
the snapshot) are in it as surely as the page's. Two sizes per response body: raw, and
gzip (level 6, as a static host would send it; already-compressed files as they are).
Split by what the bytes are: the runtime (assets/runtime/**, the snapshot excepted),
the engine snapshot (assets/runtime/snapshot/**), and everything else (our own files).
"""

from __future__ import annotations

from typing import Any

from tests.bench.server import Hit

SNAPSHOT = "/assets/runtime/snapshot/"
RUNTIME = "/assets/runtime/"
PARTS = ("runtime", "snapshot", "own")


def part_of(path: str) -> str:
    if path.startswith(SNAPSHOT):
        return "snapshot"
    if path.startswith(RUNTIME):
        return "runtime"
    return "own"


def account(hits: list[Hit], prefetch_excluded: bool = False) -> dict[str, Any]:
    """Totals and the split of one load's requests.

    `prefetch_excluded`: leave out the snapshot *file* (not its small manifest). A plain
    boot fetches it for the next visit only after the engine's first answer, which races
    with the moment the bench reads the log; it is not part of getting to `playing`.
    """
    totals: dict[str, Any] = {
        part: {"raw": 0, "gzip": 0, "sent": 0, "requests": 0} for part in (*PARTS, "total")
    }
    files: list[dict[str, Any]] = []
    for hit in hits:
        if prefetch_excluded and hit.path.startswith(SNAPSHOT) and hit.path.endswith(".gz"):
            continue
        for part in (part_of(hit.path), "total"):
            totals[part]["raw"] += hit.raw
            totals[part]["gzip"] += hit.gzip
            totals[part]["sent"] += hit.sent
            totals[part]["requests"] += 1
        files.append({"path": hit.path, "status": hit.status, "raw": hit.raw, "gzip": hit.gzip})
    totals["files"] = files
    return totals
