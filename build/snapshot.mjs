// Builds the engine's Pyodide memory snapshot: start Pyodide in Node, import the
// engine and run it once on a throw-away game (game.worker.warm_up), then freeze the
// interpreter's memory. The page's worker restores it in about a second instead of
// starting Python from scratch (docs/engine-start.md).
//
//   node build/snapshot.mjs <pyodide dir> <output dir>
//
// Writes <output dir>/engine-<key>.snapshot.gz (the memory's non-zero pages, gzip; the
// worker inflates it with DecompressionStream into a zeroed buffer) and
// <output dir>/snapshot.json, which names that file, lists where those pages go and
// says what it was made from: the Pyodide version and the fingerprint of the engine's
// sources. <key> is a hash of the runtime's files (its standard library included: the
// interpreter keeps where each module sits in that archive), the engine's sources and this
// script, so a new snapshot always gets a new name. Older snapshots are removed.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { ENGINE_FILES, ROOT_IN_PYODIDE, STDLIB, fingerprint } from "../assets/engine/sources.mjs";

const [pyodideDir, outDir] = process.argv.slice(2);
if (!pyodideDir || !outDir) {
  process.stderr.write("usage: node build/snapshot.mjs <pyodide dir> <output dir>\n");
  process.exit(2);
}
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();

const sources = ENGINE_FILES.map((file) => fs.readFileSync(path.join(repoRoot, file)));
const runtimeFiles = ["pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", STDLIB].map((f) =>
  fs.readFileSync(path.join(pyodideDir, f)),
);
const key = crypto.createHash("sha256");
for (const bytes of [...runtimeFiles, ...sources, fs.readFileSync(fileURLToPath(import.meta.url))]) {
  key.update(crypto.createHash("sha256").update(bytes).digest());
}
const name = `engine-${key.digest("hex").slice(0, 16)}.snapshot.gz`;

const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide, version } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, stdLibURL: path.join(indexURL, STDLIB), _makeSnapshot: true });
ENGINE_FILES.forEach((file, i) => {
  const target = `${ROOT_IN_PYODIDE}/${file}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, sources[i]);
});
pyodide.runPython(`
import gc, sys
sys.path.insert(0, ${JSON.stringify(ROOT_IN_PYODIDE)})
import game.worker
game.worker.warm_up()
assert game.worker._engine is None, "the page's engine must not exist before the snapshot"
gc.collect()
`);
const raw = pyodide.makeMemorySnapshot();
// Half of the memory is zero pages: only the others are stored (their byte ranges go
// into snapshot.json), which halves what the worker has to inflate.
const PAGE = 4096;
const ranges = [];
for (let start = 0; start < raw.length; start += PAGE) {
  const page = raw.subarray(start, Math.min(start + PAGE, raw.length));
  if (!page.some((byte) => byte !== 0)) continue;
  const last = ranges[ranges.length - 1];
  if (last && last[0] + last[1] === start) last[1] += page.length;
  else ranges.push([start, page.length]);
}
const packed = zlib.gzipSync(Buffer.concat(ranges.map(([start, length]) => raw.subarray(start, start + length))), {
  level: 9,
});

fs.mkdirSync(outDir, { recursive: true });
for (const old of fs.readdirSync(outDir)) {
  if (old.endsWith(".snapshot.gz") && old !== name) fs.rmSync(path.join(outDir, old));
}
fs.writeFileSync(path.join(outDir, name), packed);
const manifest = {
  file: name,
  pyodide: version,
  sources: fingerprint(sources),
  bytes: packed.length,
  raw_bytes: raw.length,
  ranges,
};
fs.writeFileSync(path.join(outDir, "snapshot.json"), JSON.stringify(manifest, null, 2) + "\n");
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `snapshot: ${name} (${(raw.length / 1e6).toFixed(1)} MB raw, ${(packed.length / 1e6).toFixed(1)} MB gzip) in ${seconds} s\n`,
);
