// Runs the built site's mount (build/site/mount.py) and entry script, both inline in its
// index.html, in MicroPython under Node, as PyScript would in the page: its bundle
// written into the interpreter's file system, and what PyScript has imported before the
// entry script runs imported first (its `pyscript` package, here a stand-in: the page's
// modules only import names from it at start; asyncio, io, os and time). It mounts the
// bundle and imports the start's modules; the page itself is not started (it needs a
// browser): the script's last line, which imports it, is left out. Prints JSON: every
// path looked up in vain in the interpreter's own (Emscripten) file system while the
// two ran, before them ("control": the same imports with the interpreter's own path, to
// show the probe sees misses), the modules imported, the import path they left, and how
// many exceptions were raised in MicroPython while they ran (each one a JavaScript
// exception thrown through its WebAssembly).
// Usage: node tests/e2e/entry_imports.mjs <site folder>
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [site] = process.argv.slice(2);
// Every exception raised inside this MicroPython build leaves its WebAssembly as a thrown
// JavaScript value (Emscripten's longjmp): a copy of the runtime counts them.
const runtime = join(site, "assets/runtime/micropython");
const THROW = "_emscripten_throw_longjmp:()=>{throw 1/0}";
const source = readFileSync(join(runtime, "micropython.mjs"), "utf8");
if (!source.includes(THROW)) throw new Error("micropython.mjs: no longjmp to count raised exceptions by");
const counted = mkdtempSync(join(tmpdir(), "py2048-mpy-"));
writeFileSync(join(counted, "micropython.mjs"),
  source.replace(THROW, "_emscripten_throw_longjmp:()=>{globalThis.raised+=1;throw 1/0}"));
copyFileSync(join(runtime, "micropython.wasm"), join(counted, "micropython.wasm"));
globalThis.raised = 0;
const { loadMicroPython } = await import(join(counted, "micropython.mjs"));
let printed = "";
const mp = await loadMicroPython({ stdout: (line) => { printed += line + "\n"; }, stderr: (line) => process.stderr.write(line + "\n") });
rmSync(counted, { recursive: true }); // loaded: the copy is no longer needed

const missed = [];
let counting = false;
const lookupPath = mp.FS.lookupPath;
mp.FS.lookupPath = function (path, options) {
  try {
    return lookupPath.call(this, path, options);
  } catch (error) {
    if (counting) missed.push(path);
    throw error;
  }
};
globalThis.counting = (on) => { counting = on; };
globalThis.window = globalThis;
globalThis.scheduler = { yield: () => new Promise((resolve) => setTimeout(resolve, 0)) }; // the turns, as in a browser

mp.FS.mkdirTree("/pyscript");
mp.FS.writeFile("/pyscript/__init__.py", "class _Anything:\n    def __getattr__(self, name):\n        return None\n\n\ndocument = _Anything()\nwindow = _Anything()\n");
mp.FS.writeFile("/pyscript/ffi.py", "def create_proxy(function):\n    return function\n");
mp.FS.writeFile("/ui-python.bin", readFileSync(join(site, "assets/ui-python.bin")));

await mp.runPythonAsync(`
import asyncio, io, js, os, time
import pyscript, pyscript.ffi
js.counting(True)
import json
import random
js.counting(False)
`);
const control = missed.splice(0);

const PAGE = "\n__import__(PAGE)\n";
const page = readFileSync(join(site, "index.html"), "utf8");
// First the mount, as PyScript's `onReady` hook runs it (build/site/mount.py), its Python a
// JSON string in the page's module script.
const hook = /<script type="module">[\s\S]*?runPython\(("(?:[^"\\]|\\.)*")\)/.exec(page);
if (!hook) throw new Error("the built page has no module script that mounts the bundle");
const inline = /<script type="mpy"[^>]*>([\s\S]*?)<\/script>/.exec(page);
if (!inline) throw new Error("the built page has no inline mpy script");
const entry = inline[1];
if (!entry.endsWith(PAGE)) throw new Error("the entry script does not end by importing the page");
counting = true;
const raisedBefore = globalThis.raised;
mp.runPython(JSON.parse(hook[1]));
await mp.runPythonAsync(entry.slice(0, -PAGE.length + 1));
const raised = globalThis.raised - raisedBefore;
counting = false;
await mp.runPythonAsync(`
import json, sys
print(json.dumps({"modules": sorted(name for name in sys.modules if name.startswith("game")), "path": sys.path}))
`);
const found = JSON.parse(printed.trim().split("\n").pop());
process.stdout.write(JSON.stringify({ control, missed, raised, ...found }) + "\n");
