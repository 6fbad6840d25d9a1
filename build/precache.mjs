// Which files the page loads: the list the built site ships and its service worker
// keeps for offline play (docs/offline.md). Worked out from the sources, not by hand,
// because PyScript names its chunks by content hash and a release may rename them;
// tests/e2e/test_offline.py records a real session and checks the list against it.
//
// The page's own files are read from what names them: index.html's <script src>,
// <link href> (style sheet, icon, manifest) and the PyScript config attribute;
// pyscript.toml's interpreter and [files]; the manifest's icons; the engine's sources
// (assets/engine/sources.mjs); snapshot.json. The runtimes are
// whole folders (the Makefile copies only what they load), except PyScript's, which
// ships the chunks of every optional feature: those are followed from core.js (below).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The engine's worker: client.js starts it by a name built at run time.
const ENGINE_WORKER = "assets/engine/worker.mjs";
// Loaded whole by the engine worker (Pyodide) and by PyScript (MicroPython).
const PYODIDE_DIR = "assets/runtime/pyodide";
const SNAPSHOT_JSON = "assets/runtime/snapshot/snapshot.json";
// Every language's strings (assets/settings.js fetches the one in use; a player may
// switch to another offline).
const LANG_DIR = "assets/lang";

// Paths relative to the site's root, "/"-separated, sorted. `root` is the source tree.
export async function pageFiles(root) {
  const files = new Set(["index.html"]);
  const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
  const resolve = (from, ref) => {
    const url = new URL(ref, new URL(from, "https://site.invalid/"));
    if (url.origin !== "https://site.invalid") throw new Error(`${from}: ${ref} is on another site`);
    return decodeURIComponent(url.pathname.slice(1));
  };

  const html = read("index.html");
  const off = pluginsOff(root);
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) || []) {
    const attr = (name) => (new RegExp(`\\s${name}="([^"]*)"`).exec(tag) || [])[1];
    const ref = attr("src") || attr("href");
    // A file named later (the tab's icon: data-href) is a file too; a data: URL is none.
    for (const name of [ref, attr("data-href")]) {
      if (name && !name.startsWith("data:")) files.add(resolve("index.html", name));
    }
    const config = attr("config");
    if (config) files.add(resolve("index.html", config));
    if (ref && attr("type") === "module") moduleGraph(root, resolve("index.html", ref), files, off);
  }
  moduleGraph(root, ENGINE_WORKER, files);
  folder(root, LANG_DIR, files);

  const toml = read("pyscript.toml");
  const interpreter = /^interpreter\s*=\s*"([^"]+)"/m.exec(toml);
  if (!interpreter) throw new Error("pyscript.toml names no interpreter");
  const mpyDir = path.posix.dirname(resolve("pyscript.toml", interpreter[1]));
  folder(root, mpyDir, files);
  const table = /^\[files\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml);
  for (const line of table ? table[1].split("\n") : []) {
    const entry = /^\s*"([^"]+)"\s*=/.exec(line);
    if (entry) files.add(resolve("pyscript.toml", entry[1]));
  }

  const { ENGINE_FILES } = await import(pathToFileURL(path.join(root, "assets/engine/sources.mjs")).href);
  for (const file of ENGINE_FILES) files.add(file);
  folder(root, PYODIDE_DIR, files);
  files.add(SNAPSHOT_JSON);

  const manifestPath = [...files].find((file) => file.endsWith(".webmanifest"));
  if (!manifestPath) throw new Error("index.html links no web app manifest");
  for (const icon of JSON.parse(read(manifestPath)).icons || []) files.add(resolve(manifestPath, icon.src));

  const list = [...files].sort();
  const missing = list.filter((file) => !fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile());
  if (missing.length) throw new Error(`missing (run make setup?): ${missing.join(", ")}`);
  return list;
}

// Kept too, but fetched by the service worker after the others and never failing its
// install (build/sw.js ON_DEMAND): the solver's learned network, which the page loads only
// when a 4x4 search first needs it (assets/engine/network.mjs), never at start. Its
// path is the one build/files.py writes into assets/engine/network_file.mjs.
export async function onDemandFiles(root) {
  const { NETWORK_FILE } = await import(pathToFileURL(path.join(root, "assets/engine/network_file.mjs")).href);
  if (!fs.existsSync(path.join(root, NETWORK_FILE))) throw new Error(`missing: ${NETWORK_FILE}`);
  return [NETWORK_FILE];
}

// Shipped but not precached: the engine's memory snapshot, which only a fast link
// downloads, and the engine keeps on the device itself (assets/engine/device_snapshot.mjs), as it
// keeps the one it makes on a slow link, which never downloads it.
export function downloadedFiles(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, SNAPSHOT_JSON), "utf8"));
  const file = path.posix.join(path.posix.dirname(SNAPSHOT_JSON), manifest.file);
  if (!fs.existsSync(path.join(root, file))) throw new Error(`missing (run make setup?): ${file}`);
  return [file];
}

function folder(root, dir, files) {
  for (const name of fs.readdirSync(path.join(root, dir))) {
    if (!name.startsWith(".")) files.add(`${dir}/${name}`);
  }
}

// The PyScript plugins the page never imports: PyScript starts each interpreter type's
// plugins, all but those its configuration turns off ("!name"); the page configures
// both types alike, `mpy` in pyscript.toml and `py` in index.html's <py-config>, and a
// plugin only one of them turns off is still imported.
export function pluginsOff(root) {
  const listed = (text) => new Set([...text.matchAll(/"!([\w-]+)"/g)].map((m) => m[1]));
  const toml = /^plugins\s*=\s*\[(.*)\]\s*$/m.exec(fs.readFileSync(path.join(root, "pyscript.toml"), "utf8"));
  const py = /<py-config>([\s\S]*?)<\/py-config>/.exec(fs.readFileSync(path.join(root, "index.html"), "utf8"));
  const mpyOff = listed(toml ? toml[1] : "");
  const pyOff = listed(py ? py[1] : "");
  return new Set([...mpyOff].filter((name) => pyOff.has(name)));
}

// A module and what it imports, followed through relative static imports. PyScript's
// core also imports chunks on demand; of those the page always loads two kinds:
// its plugins (a table of name: () => import("./chunk.js"), started at boot unless
// turned off: `off`) and the TOML parser (the config is pyscript.toml). The editor's CodeMirror, the package
// graph and the zip reader are only for features this page does not use.
function moduleGraph(root, entry, files, off = new Set()) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.add(file);
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const dir = path.posix.dirname(file);
    const follow = (ref) => visit(path.posix.normalize(`${dir}/${ref}`));
    for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g)) follow(m[1]);
    if (!/\/pyscript\/core-[^/]+\.js$/.test(file)) return;
    // Entries written `name: () => import("./chunk.js")`: in PyScript 0.7 only its plugin
    // table has that shape (the editor's chunks sit behind getters instead).
    const plugins = [...text.matchAll(/(?:"[\w-]+"|\w+):\(\)=>import\("(\.\/[^"]+)"\)/g)];
    const toml = text.match(/import\("(\.\/toml-[^"]+\.js)"\)\)\.parse\(/g);
    if (!plugins.some((m) => m[0].startsWith('"py-terminal"')) || !toml) {
      throw new Error(`${file}: PyScript's plugin table or TOML parser not found; a new PyScript? Update build/precache.mjs`);
    }
    for (const m of plugins) {
      if (!off.has(/^"?([\w-]+)/.exec(m[0])[1])) follow(m[1]);
    }
    for (const m of toml.join(" ").matchAll(/import\("([^"]+)"\)/g)) follow(m[1]);
  };
  visit(entry);
}
