// The engine's own standard library: Pyodide's python_stdlib.zip (2.5 MB) cut to the
// modules the engine imports, found by running every engine call and seeing what was
// imported (docs/engine-start.md, "The engine's standard library").
//
//   node build/stdlib.mjs cut <pyodide dir> <whole stdlib zip> <output zip>
//   node build/stdlib.mjs check <pyodide dir> <stdlib zip>
//
// `cut` starts Pyodide in Node on the whole archive, imports the engine, makes every
// call the page makes (build/stdlib/calls.py) and one the engine refuses from the
// JavaScript side (a Python error's way to JavaScript formats its traceback), then
// writes the archive again with only the files of the modules that are imported by
// then (Pyodide's own start included; not those frozen into the interpreter) and the
// folders that hold them. `check` starts Pyodide on the given archive and makes the
// same calls: a module the archive lacks fails it (tests/project/test_engine_stdlib.py).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ENGINE_FILES, ROOT_IN_PYODIDE } from "../assets/engine/sources.mjs";

const [mode, pyodideDir, zipPath, outPath] = process.argv.slice(2);
if (!((mode === "cut" && outPath) || (mode === "check" && zipPath && !outPath))) {
  process.stderr.write(
    "usage: node build/stdlib.mjs cut <pyodide dir> <whole zip> <output zip>\n" +
      "       node build/stdlib.mjs check <pyodide dir> <zip>\n",
  );
  process.exit(2);
}
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
let pyodide;
try {
  pyodide = await loadPyodide({ indexURL, stdLibURL: path.resolve(zipPath) });
} catch (error) {
  // (Pyodide's own start imports from the archive too; its stack is of no use here)
  process.stderr.write(`stdlib: Pyodide could not start on ${zipPath}:\n${String(error.message).slice(-2000)}\n`);
  process.exit(1);
}
for (const file of ENGINE_FILES) {
  const target = `${ROOT_IN_PYODIDE}/${file}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, fs.readFileSync(path.join(repoRoot, file)));
}
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ROOT_IN_PYODIDE)})`);
const calls = fs.readFileSync(path.join(repoRoot, "build/stdlib/calls.py"), "utf8");
try {
  pyodide.runPython(calls, { filename: "build/stdlib/calls.py" });
} catch (error) {
  // Python's own traceback says which call and which import: the JavaScript stack not.
  process.stderr.write(`stdlib: the engine's calls failed on ${zipPath}:\n${error.message}\n`);
  process.exit(1);
}
// As the worker calls the engine: a refused call crosses to JavaScript as an error.
const call = pyodide.pyimport("game.worker").call;
let refused = null;
try {
  call("no such call", "[]");
} catch (error) {
  refused = error;
}
if (!refused || !/no engine call/.test(String(refused.message))) {
  throw new Error(`a refused call did not reach JavaScript as a Python error: ${refused}`);
}

if (mode === "check") {
  const count = pyodide.runPython(
    "len([m for m in list(sys.modules.values()) if str(getattr(m, '__file__', '')).startswith('/lib/python')])",
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`stdlib: ${zipPath} holds every module the engine's calls import (${count}), ${seconds} s\n`);
  process.exit(0);
}

pyodide.FS.writeFile("/tmp/whole.zip", fs.readFileSync(zipPath));
// What is imported now, before the cut itself imports zipfile and its kin.
pyodide.runPython(`
ARCHIVE = next(p for p in sys.path if p.endswith(".zip")) + "/"
wanted = set()
for module in list(sys.modules.values()):
    file = getattr(module, "__file__", None) or ""
    spec = getattr(module, "__spec__", None)
    if getattr(spec, "origin", None) == "frozen":
        continue  # in the interpreter itself (os, codecs, importlib's bootstrap...)
    if file.startswith(ARCHIVE):
        wanted.add(file[len(ARCHIVE):])
`);
const kept = pyodide.runPython(`
import zipfile
folders = {name[: i + 1] for name in wanted for i, c in enumerate(name) if c == "/"}
with zipfile.ZipFile("/tmp/whole.zip") as whole, zipfile.ZipFile("/tmp/cut.zip", "w") as cut:
    for info in whole.infolist():
        if info.filename in wanted or info.filename in folders:
            cut.writestr(info, whole.read(info), compress_type=info.compress_type,
                         compresslevel=9)
    names = set(whole.namelist())
missing = sorted(wanted - names)
assert not missing, f"imported from the archive but not in it: {missing}"
len(wanted)
`);
fs.mkdirSync(path.dirname(path.resolve(outPath)), { recursive: true });
const bytes = pyodide.FS.readFile("/tmp/cut.zip");
fs.writeFileSync(outPath, bytes);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `stdlib: ${outPath}: ${kept} modules, ${(bytes.length / 1e6).toFixed(2)} MB ` +
    `(the whole: ${(fs.statSync(zipPath).size / 1e6).toFixed(2)} MB) in ${seconds} s\n`,
);
