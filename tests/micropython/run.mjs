// Runs the UI layer's pure tests (tests/unit/test_ui_*.py) and those of the settings
// module the UI shares with the engine (tests/unit/test_settings.py) in real
// MicroPython, the interpreter the UI runs on in the page, from the pinned npm
// package. CPython already runs the same tests; this catches what MicroPython lacks
// (typing, f-string corners, library gaps) before a player does. Usage: node tests/micropython/run.mjs
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

const uiModules = readdirSync(join(root, "game", "ui")).filter((n) => n.endsWith(".py"));
const tests = readdirSync(join(root, "tests", "unit")).filter((n) => /^test_(ui_.*|settings)\.py$/.test(n));
// The UI's string tables (one data file per language) are read by tests/unit/languages.py.
const languages = readdirSync(join(root, "assets", "lang")).filter((n) => n.endsWith(".json"));
const files = ["game/__init__.py", "game/settings.py", ...uiModules.map((n) => `game/ui/${n}`),
  "tests/__init__.py", "tests/unit/__init__.py", "tests/unit/languages.py",
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
