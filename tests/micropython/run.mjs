// Runs the UI layer's pure tests (tests/unit/test_ui_*.py) and those of the modules the
// UI shares with the engine (the settings, and the rules, chance, daily board, record,
// session, play, steps, tally, other tabs and the statistics' reader: game/rules.py says why) in real MicroPython, the interpreter
// the UI runs on in the page, from the pinned npm package. CPython and Pyodide already
// run the same tests; this catches what MicroPython lacks (typing, slices with a step,
// library gaps) before a player does. Usage: node tests/micropython/run.mjs
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pkg = join(root, "node_modules", "@micropython", "micropython-webassembly-pyscript");
const { loadMicroPython } = await import(join(pkg, "micropython.mjs"));

let out = "";
const mp = await loadMicroPython({
  stdout: (line) => { out += line + "\n"; process.stdout.write(line + "\n"); },
  stderr: (line) => process.stderr.write(line + "\n"),
});

// Exactly the Python the page loads (pyscript.toml's [files]), and the entry script.
const toml = readFileSync(join(root, "pyscript.toml"), "utf8");
const pageModules = [...toml.matchAll(/^"\.\/(game\/[^"]+\.py)" = /gm)].map((m) => m[1]);
// The test modules written in the subset (tests/unit/subset.py says which and why).
const SUBSET = /^test_(ui_.*|settings|names|rules|chance|session|daily_board|play|steps|other_tabs|stats_reader)\.py$/;
const tests = readdirSync(join(root, "tests", "unit")).filter((n) => SUBSET.test(n));
// The UI's string tables (one data file per language) are read by tests/unit/languages.py.
const languages = readdirSync(join(root, "assets", "lang")).filter((n) => n.endsWith(".json"));
const files = [...pageModules, "game/ui/app.py", "tests/__init__.py", "tests/unit/__init__.py",
  "tests/unit/languages.py", "tests/unit/subset.py", "tests/unit/boards.py", "tests/unit/stats_documents.py",
  ...tests.map((n) => `tests/unit/${n}`), ...languages.map((n) => `assets/lang/${n}`)];
for (const dir of ["/proj/game/ui", "/proj/tests/unit", "/proj/assets/lang"]) mp.FS.mkdirTree(dir);
for (const f of files) mp.FS.writeFile(`/proj/${f}`, readFileSync(join(root, f)));

const modules = JSON.stringify(tests.map((n) => "tests.unit." + n.slice(0, -3)));
mp.runPython(`
import sys
sys.path.insert(0, "/proj")
print("micropython: MicroPython %s, %d test modules" % (sys.version, len(${modules})))
passed = 0
failed = 0
for name in ${modules}:
    module = __import__(name, None, None, ["*"])
    for attr in sorted(dir(module)):
        if not attr.startswith("test_"):
            continue
        try:
            getattr(module, attr)()
            passed += 1
        except Exception as error:
            failed += 1
            print("FAILED %s.%s: %s %s" % (name, attr, type(error).__name__, error))
print("micropython: %d passed, %d failed" % (passed, failed))
`);
const match = out.match(/micropython: (\d+) passed, (\d+) failed/);
process.exit(match && match[2] === "0" && match[1] !== "0" ? 0 : 1);
