// The engine's own standard library: Pyodide's python_stdlib.zip (2.5 MB) cut to the
// modules the engine imports, found by running every engine call and seeing what was
// imported (docs/engine-start.md, "The engine's standard library").
//
//   node build/stdlib.mjs cut <pyodide dir> <whole stdlib zip> <output zip>
//   node build/stdlib.mjs check <pyodide dir> <stdlib zip> [<whole stdlib zip>]
//
// `cut` starts Pyodide in Node on the whole archive, imports the engine, makes every
// call the page makes (build/stdlib/calls.py) and one the engine refuses from the
// JavaScript side (a Python error's way to JavaScript formats its traceback), then
// writes the archive again with only the files of the modules that are imported by
// then (Pyodide's own start included; not those frozen into the interpreter) and the
// folders that hold them, each Python file without its comments and docstrings' text
// (build/stdlib/thin.py: the same bytecode, line for line, which is checked). `check` starts Pyodide on the given archive and makes the
// same calls: a module the archive lacks fails it (tests/project/test_engine_stdlib.py);
// given the whole archive too, it checks that every file is the whole's, or compiles
// to the same program line for line.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ENGINE_FILES, ROOT_IN_PYODIDE } from "../assets/engine/sources.mjs";

const [mode, pyodideDir, zipPath, outPath] = process.argv.slice(2);
if (!((mode === "cut" && outPath) || (mode === "check" && zipPath))) {
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

// Python's own traceback says what went wrong; the JavaScript stack around it does not.
function python(code, what) {
  try {
    return pyodide.runPython(code);
  } catch (error) {
    process.stderr.write(`stdlib: ${what} failed:\n${String(error.message).slice(-3000)}\n`);
    process.exit(1);
  }
}
const thin = fs.readFileSync(path.join(repoRoot, "build/stdlib/thin.py"), "utf8");
if (mode === "check") {
  const whole = outPath; // (the optional fourth argument)
  const count = pyodide.runPython(
    "len([m for m in list(sys.modules.values()) if str(getattr(m, '__file__', '')).startswith('/lib/python')])",
  );
  if (whole) {
    // Compared in an interpreter of its own on the whole library: the comparison
    // needs modules (zipfile's codecs) that the engine's library rightly lacks.
    pyodide = await loadPyodide({ indexURL, stdLibURL: path.resolve(whole) });
    pyodide.FS.writeFile("/tmp/whole.zip", fs.readFileSync(whole));
    pyodide.FS.writeFile("/tmp/cut.zip", fs.readFileSync(zipPath));
    const differ = python(`
import zipfile
exec(${JSON.stringify(thin)}, thinning := {})
differ = []
with zipfile.ZipFile("/tmp/whole.zip") as whole, zipfile.ZipFile("/tmp/cut.zip") as cut:
    for info in cut.infolist():
        data = cut.read(info)
        mine = whole.read(info.filename)
        if data == mine:
            continue
        if not info.filename.endswith(".py"):
            differ.append(f"{info.filename}: not Pyodide's file")
            continue
        why = thinning["same_program"](mine.decode(), data.decode(), info.filename)
        if why:
            differ.append(why)
chr(10).join(differ)
`, "comparing with the whole archive");
    if (differ) {
      process.stderr.write(`stdlib: ${zipPath} is not Pyodide's standard library:\n${differ}\n`);
      process.exit(1);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const same = whole ? "; each file Pyodide's own, or the same program line for line" : "";
  process.stdout.write(`stdlib: ${zipPath} holds every module the engine's calls import (${count})${same}, ${seconds} s\n`);
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
const modules = python(`
import zipfile
exec(${JSON.stringify(thin)}, thinning := {})
folders = {name[: i + 1] for name in wanted for i, c in enumerate(name) if c == "/"}
with zipfile.ZipFile("/tmp/whole.zip") as whole, zipfile.ZipFile("/tmp/cut.zip", "w") as cut:
    for info in whole.infolist():
        if info.filename in wanted or info.filename in folders:
            data = whole.read(info)
            if info.filename.endswith(".py"):
                source = data.decode()
                thinned = thinning["thin"](source)
                why = thinning["same_program"](source, thinned, info.filename)
                assert why is None, why
                data = thinned.encode()
            cut.writestr(info, data, compress_type=info.compress_type, compresslevel=9)
    names = set(whole.namelist())
missing = sorted(wanted - names)
assert not missing, f"imported from the archive but not in it: {missing}"
len(wanted)
`, "writing the archive");
fs.mkdirSync(path.dirname(path.resolve(outPath)), { recursive: true });
const bytes = pyodide.FS.readFile("/tmp/cut.zip");
fs.writeFileSync(outPath, bytes);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `stdlib: ${outPath}: ${modules} modules, ${(bytes.length / 1e6).toFixed(2)} MB ` +
    `(the whole: ${(fs.statSync(zipPath).size / 1e6).toFixed(2)} MB) in ${seconds} s\n`,
);
