"""Every engine call the page makes, made once, through `game.worker.call` as the page
makes it (JSON arguments, JSON replies): what the engine's standard library must hold.

Run inside Pyodide by build/stdlib.mjs: once against Pyodide's whole standard library to
trace what these calls import (the page's `engine-stdlib.zip` is cut to that), and once
against the cut archive, where a module it lacks fails the build and `make test`
(tests/project/test_engine_stdlib.py) instead of a player's game.

It plays the sizes, the daily board, the solver (without its network, then with one
installed as the worker installs it), a replay, an export and its import, the
set-aside paths of bad stored data, and a call the engine refuses (the error's way back
to JavaScript imports `traceback` and its kin). `game.worker.warm_up` runs first, as the
snapshot build runs it; last, each call's own example (the `EXAMPLES` of the part that
declares it, game/worker.py), so a new call is made here with no line of its own. Every
call in the worker's call map must have been called.
"""

import json
from array import array

from game import worker
from game.solver import network

called: set[str] = set()


def call(name: str, *args: object) -> dict[str, object]:
    called.add(name)
    reply = json.loads(worker.call(name, json.dumps(list(args))))
    assert isinstance(reply, dict), (name, reply)
    return reply


def quoted(text: object) -> str:
    return json.dumps(text) if isinstance(text, str) and text else ""


worker.warm_up()
NOON = 1_764_590_400_000  # 2025-12-01 12:00 UTC
for size in (4, 5, 6):
    reply = call("start", "", "", "", size, 5, 0, "")
    for direction in ("left", "up", "right", "down") * 3:
        reply = call("move", direction, NOON)
        call("take", direction, NOON)
    call("undo", NOON)
    call("set_undo_depth", 1)
    call("keep_playing", NOON)
    call("set_clock", NOON + 1000)
    call("merge_best", quoted(reply.get("best_save")))
    call("follow", quoted(reply.get("save")), "")
    call("merge_stats", quoted(reply.get("stats_save")))
    call("statistics", size)
    call("hint", 20.0, 1, 0)
    call("hint", 5.0, 2, 1)
    saved = call("new_game", size)
    call("start", quoted(saved.get("save")), quoted(saved.get("best_save")),
         quoted(saved.get("stats_save")), size, 5, 0, "")
call("start", quoted("{not a game"), quoted("[]"), quoted("\u0000"), 4, 5, 0, quoted("{}"))
daily = call("start", "", "", "", 4, 1, 1, "")
for direction in ("left", "up", "right", "down") * 3:
    daily = call("move", direction, NOON)
call("watch", "game", 2)
call("watch_step")
call("practice")
call("practice_move", "left")
call("resume")
call("review_start", "game", quoted('{"format": "py2048-reviews", "version": 1, "reviews": [{}]}'))
call("review_step", 1)
call("review_cancel")
call("merge_reviews", quoted('{"format": "py2048-reviews", "version": 1, "reviews": []}'))
call("verify", quoted("#replay=1.2026-11-30.4.0~.AAAA"))
call("verify", quoted("not a code"))
call("watch", "verified")
code = worker.result_code(worker.engine().session)  # the daily game so far: a code that verifies
call("verify", quoted("Mine: https://example.org/#replay=" + code + "&name=Jo%C3%A3o%20B."))
added = call("board_add", "", "Ana", "")
board = quoted(added.get("save"))
call("rankings", board, "", "", "Bo")
call("board_picture", "")
call("board_merge", board)
call("board_merge", quoted('{"format": "py2048-rankings", "version": 1, "results": [{}]}'))
call("statistics", 4, board, "Bo")
exported = call("export_all", quoted(saved.get("save")), "", "", quoted(saved.get("best_save")),
                quoted(saved.get("stats_save")), quoted('{"version": 1}'), board)
call("check_import", quoted(exported.get("text")))
call("board_import", "", 100.0)
call("check_import", quoted("{}"))
# The solver's network, as the worker hands it in (game/weights.py): a 4x4 search waits
# for it; a damaged file is refused, then a small network is installed and searched with.
assert worker.waits("hint"), "the game in play is the daily 4x4 board: its hint waits for the network"
with open("/tmp/network.bin", "wb") as damaged:
    damaged.write(b"not a network")
assert worker.install_network("/tmp/network.bin") and not worker.waits("hint")
with open("/tmp/network.bin", "wb") as small:
    small.write(network.write({"scale": 1, "tuples": [[0, 1, 4, 5]]}, [array("h", bytes(2 * 16**4))]))
assert worker.install_network("/tmp/network.bin") == ""
call("hint", 5.0, 3, 0)
call("review_start", "game", "")
call("review_step", 2)
for name, example in worker.table().examples:
    call(name, *example)
try:
    worker.call("no such call", "[]")
except ValueError:
    called.add("(refused)")
else:
    raise AssertionError("an unknown call must be refused")

missing = sorted(set(worker.table().calls) - called)
assert not missing, f"build/stdlib/calls.py does not make these engine calls: {missing}"
