// Builds the one offline file: dist/2048.html, the whole game in one page that plays
// when opened from disk (file://) with no network at all, and also when served.
//
//   node build/onefile.mjs <output .html>        (after `make setup`)
//
// Same layout as the site (docs/offline.md): MicroPython UI through PyScript on the
// main thread, the Pyodide engine in a worker. What changes is only where files come
// from. Every file the site would download is embedded, gzip + base64, in a
// <script type="application/x-py2048-file"> element (not executed, so no CSP hash).
// build/onefile/head.js starts the engine's worker from <head>: a classic worker made
// from a blob (build/onefile/prelude.js + assets/engine/worker.mjs, bundled), which
// gets its files by message; build/onefile/page.js, at the end, sends them, answers
// the page's fetches from the embedded files and starts PyScript, bundled into one
// module by esbuild. No runtime's code is changed.
//
// The solver's learned network is inside too (the engine's worker fetches it from the
// embedded files, as the site's does from the server, when a 4x4 search first needs it),
// but not in the file's build id: a new network keeps the snapshot kept on the device.
//
// No memory snapshot inside (measured, docs/offline.md): it would add 5.8 MB of gzip,
// 7.7 MB once in base64, to a file of 6.5 MB, against the 10 MB the file may weigh.
// The worker makes one on the device at the first opening instead
// (assets/engine/device_snapshot.mjs), as the site's does on a slow link.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import * as esbuild from "esbuild";
import { NETWORK_FILE } from "../assets/engine/network_file.mjs";
import { ENGINE_FILES } from "../assets/engine/sources.mjs";
import { hash, inline } from "./inline.mjs";
import { pageFiles } from "./precache.mjs";

const output = process.argv[2];
if (!output) {
  process.stderr.write("usage: node build/onefile.mjs <output .html>\n");
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file) => fs.readFileSync(path.join(root, file));
const text = (file) => read(file).toString("utf8");
// Where the runtime's files seem to live, for the page and the worker alike: an address
// that never reaches a network (build/onefile/page.js).
const HOME = "https://py2048.invalid/";

// The UI's files: the page's Python (pyscript.toml's [files] and the entry script),
// its config with the interpreter pointed at HOME, and MicroPython.
const toml = text("pyscript.toml");
const uiFiles = [...toml.matchAll(/^"\.\/([^"]+)"\s*=/gm)].map((m) => m[1]);
const entry = /<script type="mpy" src="([^"]+)"/.exec(text("index.html"))[1];
const page = new Map(); // path -> {bytes, type}
if (!/^interpreter = ".*"$/m.test(toml)) throw new Error("pyscript.toml has no interpreter line");
page.set("pyscript.toml", {
  bytes: Buffer.from(toml.replace(/^interpreter = ".*"$/m, `interpreter = "${HOME}micropython.mjs"`)),
  type: "text/plain",
});
for (const file of [...uiFiles, entry]) page.set(file, { bytes: read(file), type: "text/plain" });
page.set("micropython.wasm", { bytes: read("assets/runtime/micropython/micropython.wasm"), type: "application/wasm" });

// PyScript, its hashed chunks bundled into one module (dynamic imports inlined), with
// only the chunks the page loads (build/precache.mjs works them out for the site's
// service worker): the editor's CodeMirror, the terminal's xterm, the zip reader and
// the package graph become a module that refuses to load, a third of PyScript's size.
const loaded = new Set(await pageFiles(root));
const PYSCRIPT_DIR = "assets/runtime/pyscript/";
const onlyLoadedChunks = {
  name: "only-loaded-chunks",
  setup(build) {
    build.onResolve({ filter: /^\.\/.*\.js$/ }, (args) => {
      const file = path.relative(root, path.resolve(args.resolveDir, args.path)).split(path.sep).join("/");
      if (!file.startsWith(PYSCRIPT_DIR) || loaded.has(file)) return undefined;
      return { path: file, namespace: "not-loaded" };
    });
    build.onLoad({ filter: /.*/, namespace: "not-loaded" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not in the one offline file`)});`,
    }));
  },
};
const pyscript = await esbuild.build({
  entryPoints: [path.join(root, PYSCRIPT_DIR, "core.js")],
  bundle: true,
  format: "esm",
  minify: true,
  write: false,
  logLevel: "error",
  external: ["micropip", "mip"],
  plugins: [onlyLoadedChunks],
});
page.set("pyscript.js", { bytes: Buffer.from(pyscript.outputFiles[0].contents), type: "text/javascript" });

// The engine's files, at the paths the worker asks for under HOME.
const engine = new Map();
const PYODIDE = "assets/runtime/pyodide/";
for (const [file, type] of [
  ["pyodide.mjs", "text/javascript"],
  ["pyodide.asm.mjs", "text/javascript"],
  ["pyodide.asm.wasm", "application/wasm"],
  ["engine-stdlib.zip", "application/zip"],
  ["pyodide-lock.json", "application/json"],
]) {
  engine.set(PYODIDE + file, { bytes: read(PYODIDE + file), type });
}
for (const file of ENGINE_FILES) engine.set(file, { bytes: read(file), type: "text/plain" });

// The worker: prelude, then assets/engine/worker.mjs as a classic script whose own
// address (import.meta.url) is the one the page gives it (build/onefile/head.js).
const worker = await esbuild.build({
  entryPoints: [path.join(root, "assets/engine/worker.mjs")],
  bundle: true,
  format: "iife",
  minify: true,
  write: false,
  logLevel: "error",
  define: { "import.meta.url": "self.py2048WorkerUrl" },
});
// This build's name: the memory snapshot the worker keeps on the device is only ever
// restored by the very same file.
const build = crypto.createHash("sha256");
for (const content of [...engine.values(), ...page.values()]) build.update(content.bytes);
build.update(worker.outputFiles[0].contents);
build.update(read("build/onefile/prelude.js"));
const buildId = build.digest("hex").slice(0, 16);
// (after the build id: the network is no part of the snapshot; assets/engine/network.mjs)
engine.set(NETWORK_FILE, { bytes: read(NETWORK_FILE), type: "application/octet-stream" });
const workerSource = [
  `self.py2048Build = "${buildId}";`,
  text("build/onefile/prelude.js"),
  worker.outputFiles[0].text,
].join("\n");

const pack = (bytes) => zlib.gzipSync(bytes, { level: 9 }).toString("base64");
// A big file is cut into parts of PART characters, one element each: the HTML parser
// can only pause between elements, and one 4.7 MB element kept it busy for 0.4 s.
const PART = 1 << 16;
const embed = (file, { bytes, type }, sides, packed = pack(bytes)) => {
  const parts = [];
  for (let at = 0; at < packed.length; at += PART) {
    const attributes = at ? "" : ` data-type="${type}" data-sides="${sides}"`;
    parts.push(`<script type="application/x-py2048-file" data-path="${file}"${attributes}>${packed.slice(at, at + PART)}</script>`);
  }
  return parts.join("\n");
};

// PyScript takes its interpreter's address from pyscript.toml and imports it itself;
// only an import map can point that address at bytes in this page, and an import map
// must be written in the page (its hash is in the CSP), so MicroPython's module travels
// as a data: URL inside it (144 KB; the blob: URLs the loader makes are not known here).
const importMap = JSON.stringify({
  imports: {
    [`${HOME}micropython.mjs`]: `data:text/javascript;base64,${read("assets/runtime/micropython/micropython.mjs").toString("base64")}`,
  },
});
const scripts = {
  head: inline(text("build/onefile/head.js")),
  storage: inline(text("assets/storage.js")),
  boot: inline(text("assets/boot.js")),
  rankings: inline(text("assets/rankings.js")),
  dom: inline(text("assets/dom.js")),
  settings: inline(text("assets/settings.js")),
  importMap,
  loader: inline(text("build/onefile/page.js")),
  client: inline(text("assets/engine/client.js")),
};
const style = text("assets/style.css");
const icon = `data:image/svg+xml;base64,${read("assets/icons/icon.svg").toString("base64")}`;

// Content-Security-Policy: only this page's own inline scripts (by hash), the blob:
// modules and worker it makes from its embedded bytes, the data: module of its import
// map (and Pyodide's, in a worker that cannot read blobs: WebKit's, prelude.js), and no
// network at all ('unsafe-eval' as on the site: PyScript needs it).
const csp = [
  "default-src 'none'",
  `script-src ${Object.values(scripts).map(hash).join(" ")} blob: data: 'unsafe-eval' 'wasm-unsafe-eval'`,
  "worker-src blob:",
  "connect-src 'none'",
  "img-src data:",
  `style-src ${hash(style)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join("; ");

let html = text("index.html");
const replace = (pattern, by) => {
  if (!pattern.test(html)) throw new Error(`index.html no longer has ${pattern}`);
  html = html.replace(pattern, by);
};
replace(/<!--\s*Content-Security-Policy[\s\S]*?-->\n/, "");
replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
replace(/<link rel="icon"[^>]*>/, `<link rel="icon" id="icon" href="data:," data-href="${icon}">`);
replace(/<link rel="manifest"[^>]*>\n/, "");
replace(/<link rel="stylesheet" href="assets\/style.css">/, () => `<style>${style}</style>`);
// The engine's worker starts where the site starts it, in <head> (build/onefile/head.js).
replace(/<script src="assets\/engine\/client.js" defer><\/script>/, () => [
  embed("engine-worker.js", { type: "text/javascript" }, "worker", Buffer.from(workerSource).toString("base64")),
  `<script>${scripts.head}</script>`,
  `<script>${scripts.client}</script>`,
].join("\n"));
replace(/<script src="assets\/storage.js" defer><\/script>/, () => `<script>${scripts.storage}</script>`);
replace(/<script src="assets\/boot.js" defer><\/script>/, () => `<script>${scripts.boot}</script>`);
replace(/<script src="assets\/rankings.js" defer><\/script>/, () => `<script>${scripts.rankings}</script>`);
replace(/<script src="assets\/dom.js" defer><\/script>/, () => `<script>${scripts.dom}</script>`);
// Every language's strings, as data in <head> before settings.js reads them (a file
// opened from disk cannot fetch): non-executed JSON elements, so no CSP hash.
const languages = fs.readdirSync(path.join(root, "assets/lang")).filter((n) => n.endsWith(".json")).sort();
const strings = languages.map((name) => `<script type="application/json" data-py2048-lang="${name.slice(0, -5)}">${
  JSON.stringify(JSON.parse(text(`assets/lang/${name}`))).replace(/</g, "\\u003c")}</script>`).join("\n");
replace(/<script src="assets\/settings.js"><\/script>/, () => `${strings}\n<script>${scripts.settings}</script>`);
replace(/<script type="module" src="assets\/runtime\/pyscript\/core.js"><\/script>\n/, "");
replace(/<script src="assets\/offline.js" defer><\/script>\n/, ""); // no service worker in a file
// Each file once, marked with who asks for it (game/__init__.py: both).
const payload = [
  ...[...engine].map(([file, content]) => embed(file, content, page.has(file) ? "engine page" : "engine")),
  ...[...page].filter(([file]) => !engine.has(file)).map(([file, content]) => embed(file, content, "page")),
].join("\n");
replace(
  /<\/body>/,
  () => `${payload}\n<script type="importmap">${importMap}</script>\n<script>${scripts.loader}</script>\n</body>`,
);

fs.mkdirSync(path.dirname(path.resolve(output)), { recursive: true });
fs.writeFileSync(output, html);
const size = fs.statSync(output).size;
process.stdout.write(`${output}: ${(size / 1e6).toFixed(2)} MB\n`);
// The file may weigh 10 MB at most (docs/offline.md): a build past it fails here, not
// on a user's download.
const LIMIT = 10_000_000;
if (size > LIMIT) {
  process.stderr.write(`${output}: ${size} bytes, past the one file's ${LIMIT}\n`);
  process.exit(1);
}
