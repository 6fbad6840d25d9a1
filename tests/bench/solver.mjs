// The solver's benchmark (game/solver/bench.py) inside Pyodide under Node, with the
// same arguments as on CPython, so the two can be compared game for game:
//   node tests/bench/solver.mjs bench --size 4 --games 10 --budget-ms 20 --seed 1
// Pyodide is the one `npm ci` installs for the page (node_modules/pyodide); the
// engine's sources are mounted from this repository, nothing is copied. `--clock cpu`
// counts the Node process's CPU time (process.cpuUsage), as on CPython.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide, version } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const pyodide = await loadPyodide();
pyodide.setStdout({ batched: (line) => process.stdout.write(line + "\n") });
pyodide.setStderr({ batched: (line) => process.stderr.write(line + "\n") });
pyodide.FS.mkdirTree("/proj");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/proj");
// The working directory too, at its own path, so `--record FILE` lands where asked.
const here = process.cwd();
if (here !== root) {
  pyodide.FS.mkdirTree(here);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: here }, here);
}
pyodide.FS.chdir(here === root ? "/proj" : here);
pyodide.globals.set("_args", pyodide.toPy(process.argv.slice(2)));
pyodide.globals.set("_version", version);
let code = 1;
try {
  code = pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/proj")
print(f"Pyodide {_version}, Python {sys.version.split()[0]}", file=sys.stderr)
import js
from game.solver import bench

def node_cpu_seconds():
    # Pyodide's process_time is wall time; Node knows the process's own CPU time.
    used = js.process.cpuUsage()
    return (used.user + used.system) / 1e6

bench.CLOCKS["cpu"] = node_cpu_seconds
bench.main(list(_args))
`);
} catch (error) {
  process.stderr.write(`solver bench: ${error && error.message ? error.message : error}\n`);
  code = 1;
}
process.exitCode = typeof code === "number" ? code : 1;
