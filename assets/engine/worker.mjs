// The engine's web worker: starts Pyodide and answers the page's calls.
//
// Started by assets/engine/client.js as soon as the page's <head> is parsed, in
// parallel with the MicroPython UI. Two ways to start Python (docs/engine-start.md):
// - snapshot: restore the memory of an interpreter that has already imported the
//   engine (made at build time by build/snapshot.mjs): about a second;
// - plain: start Pyodide from scratch and import the engine's sources: several.
// The snapshot is used when it matches the runtime and the sources being served,
// and when it costs no slow download: it is already in the HTTP cache, or the browser
// reports a fast link. Otherwise the worker boots plain and, once the game is playing,
// fetches the snapshot quietly for the next visit. Any failure of the snapshot path
// falls back to the plain one, and says why in the console: never a dead engine.
//
// Messages. In: {id, call, args} (args: a JSON-able array). Out: {id, reply} (the
// engine's JSON text) or {id, error}; once, {ready: {boot, reason, ms}} or {failed}.
import { ENGINE_FILES, ROOT_IN_PYODIDE, fingerprint } from "./sources.mjs";

const PYODIDE = new URL("../runtime/pyodide/", import.meta.url);
const SNAPSHOTS = new URL("../runtime/snapshot/", import.meta.url);
const SITE = new URL("../../", import.meta.url);
// A link at least this fast (Mbit/s, as the browser estimates it; Chromium reports at
// most 10) downloads the snapshot faster than Python would start without it.
const FAST_LINK_MBPS = 10;
// "snapshot" or "plain" forces one way to start (the page's ?engine=, for benchmarks);
// anything else leaves the choice above.
const FORCED = new URL(import.meta.url).searchParams.get("boot");

const started = performance.now();
const queue = [];
let calls = null; // game.worker.call, once Python is ready
let prefetch = null; // the snapshot to fetch for the next visit, if any

self.onmessage = (event) => {
  queue.push(event.data);
  if (calls) drain();
};

function drain() {
  let answered = false;
  while (queue.length) {
    answered = true;
    const { id, call, args } = queue.shift();
    try {
      self.postMessage({ id, reply: calls(call, JSON.stringify(args)) });
    } catch (error) {
      self.postMessage({ id, error: String(error && error.message ? error.message : error) });
    }
  }
  if (prefetch && answered) {
    const url = prefetch;
    prefetch = null;
    // Read to the end so the HTTP cache keeps it; low priority, after the first answer.
    fetch(url, { priority: "low" })
      .then((response) => response.arrayBuffer())
      .catch(() => {});
  }
}

async function bytesOf(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function readManifest() {
  try {
    const response = await fetch(new URL("snapshot.json", SNAPSHOTS), { cache: "no-cache" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

function fastLink() {
  if (FORCED === "snapshot") return true;
  const link = self.navigator.connection;
  return Boolean(link && !link.saveData && link.downlink >= FAST_LINK_MBPS);
}

// The snapshot's bytes, inflated; or null with the reason it is not used this time.
async function snapshotBytes(manifest, sources, version) {
  if (!manifest) return { reason: "no snapshot was built (run make)" };
  if (manifest.pyodide !== version) {
    return { reason: `the snapshot is for Pyodide ${manifest.pyodide}, the runtime is ${version}` };
  }
  if (manifest.sources !== fingerprint(await sources)) {
    return { reason: "the engine's sources changed since the snapshot was made (run make)" };
  }
  const url = new URL(manifest.file, SNAPSHOTS);
  let response = null;
  try {
    // Whatever the HTTP cache holds for it, stale or not: the name is its content.
    response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    if (!response.ok) response = null;
  } catch {
    response = null;
  }
  if (!response) {
    if (!fastLink()) {
      const link = self.navigator.connection;
      prefetch = link && link.saveData ? null : url;
      return { reason: "the snapshot is not cached yet and the link is not known to be fast", quiet: true };
    }
    response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  }
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  return { bytes: new Uint8Array(await new Response(inflated).arrayBuffer()) };
}

async function importEngine(pyodide, sources) {
  if (sources) {
    const files = await sources;
    ENGINE_FILES.forEach((file, i) => {
      const target = `${ROOT_IN_PYODIDE}/${file}`;
      pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      pyodide.FS.writeFile(target, files[i]);
    });
    pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ROOT_IN_PYODIDE)})`);
  }
  const module = pyodide.pyimport("game.worker");
  if (module._engine !== undefined && module._engine !== null) {
    throw new Error("the engine already existed: its randomness would repeat");
  }
  return module.call;
}

async function boot() {
  const manifest = readManifest();
  const sources = Promise.all(ENGINE_FILES.map((file) => bytesOf(new URL(file, SITE))));
  sources.catch(() => {}); // judged where it is awaited
  const { loadPyodide, version } = await import(new URL("pyodide.mjs", PYODIDE).href);
  const options = { indexURL: PYODIDE.href, stdout: console.log, stderr: console.warn };

  let reason = "forced by ?engine=plain";
  if (FORCED !== "plain") try {
    const snapshot = await snapshotBytes(await manifest, sources, version);
    if (snapshot.bytes) {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot.bytes });
      return { boot: "snapshot", calls: await importEngine(pyodide, null) };
    }
    reason = snapshot.reason;
    (snapshot.quiet ? console.info : console.warn)(`engine: plain start: ${reason}`);
  } catch (error) {
    reason = `the snapshot failed: ${error && error.message ? error.message : error}`;
    console.warn(`engine: plain start: ${reason}`);
  }
  const pyodide = await loadPyodide(options);
  return { boot: "plain", reason, calls: await importEngine(pyodide, sources) };
}

boot().then(
  (ready) => {
    calls = ready.calls;
    const ms = Math.round(performance.now() - started);
    console.info(`engine: ${ready.boot} start in ${ms} ms`);
    self.postMessage({ ready: { boot: ready.boot, reason: ready.reason || "", ms } });
    drain();
  },
  (error) => {
    const message = String(error && error.message ? error.message : error);
    console.error(`engine: failed to start: ${message}`);
    self.postMessage({ failed: message });
  },
);
