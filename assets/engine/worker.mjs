// The engine's web worker: starts Pyodide and answers the page's calls.
//
// Started by assets/engine/client.js once the UI plays (docs/engine-start.md). Two ways
// to start Python:
// - snapshot: restore the memory of an interpreter that has already imported the
//   engine: about a second here;
// - plain: start Pyodide from scratch and import the engine's sources: about four.
// Where the snapshot comes from, in this order:
// 1. kept on this device (assets/engine/device_snapshot.mjs) by an earlier start of this build;
// 2. downloaded (made at build time by build/snapshot.mjs), when it matches the
//    runtime and the sources being served and its download pays for itself: it is
//    abandoned as soon as its own download shows it would take longer than
//    SNAPSHOT_BUDGET_MS (a slow link), and not asked for when the browser asks to save
//    data. A downloaded snapshot is then kept on the device as it came;
// 3. otherwise the start is plain, and the worker makes the snapshot itself just before
//    the page's engine exists, and keeps it on the device for the next start: a slow
//    link pays for its megabytes in CPU once, never in data.
// Any failure of the snapshot path falls back to the plain one and says why in the
// console: never a dead engine.
//
// Messages. In: {id, call, args} (args: an array of strings and numbers). Out: {id,
// reply, ms} (the engine's JSON text, and how long its Python took) or {id, error};
// once, {ready: {boot, from, reason, ms, marks}} (from: "device" or "download" for a
// snapshot; marks: ms to each step of the start) or
// {failed: message}; before that, {progress: 1} at each step of the start and at most
// once a second while its files download (`progress`): assets/engine/client.js takes a
// long silence for a start that is not coming. Later, {id, held: true} and {network}
// while the solver's network downloads (assets/engine/network.mjs).
import { SlowLink, download } from "./download.mjs";
import { snapshotFor, storeSnapshot } from "./device_snapshot.mjs";
import { networkGate } from "./network.mjs";
import { pack, unpack, validRanges } from "./packing.mjs";
import { failed, finished, hasFailed, progress, watchImports, watchRequests } from "./watch.mjs";
import { ENGINE_FILES, ROOT_IN_PYODIDE, STDLIB, fingerprint } from "./sources.mjs";

const PYODIDE = new URL("../runtime/pyodide/", import.meta.url);
const SNAPSHOTS = new URL("../runtime/snapshot/", import.meta.url);
const SITE = new URL("../../", import.meta.url);
// A snapshot download projected to take longer than this is abandoned for a plain
// start: about what the snapshot saves on a fast computer (docs/engine-start.md).
const SNAPSHOT_BUDGET_MS = 4000;
// "snapshot" or "plain" when the page's address forces one (assets/engine/client.js).
const FORCED = new URL(import.meta.url).searchParams.get("boot");
// The one offline file (build/onefile/prelude.js) runs this worker with its files in
// memory and hands it `self.py2048Embedded`: {importModule(url)} to import the runtime
// from those bytes, and {build}, the file's own build, under which the snapshot made
// on the device is kept (it carries none: docs/offline.md). The site leaves it undefined.
const EMBEDDED = self.py2048Embedded || {};
const importModule = watchImports(EMBEDDED.importModule || ((url) => import(url)));

const started = performance.now();
const marks = {}; // ms since the worker started, for each step of the start
const mark = (name) => {
  progress();
  return (marks[name] = Math.round(performance.now() - started));
};
const queue = [];
let calls = null; // game.worker.call, once Python is ready
let network = null; // what holds the calls that wait for the solver's network (network.mjs)
let toStore = null; // {build, manifest, packed} or {build, memory, facts}: for device_snapshot.mjs

self.onmessage = (event) => {
  queue.push(event.data);
  if (calls) drain();
};

function drain() {
  let answered = false;
  while (queue.length) {
    const message = queue.shift();
    if (network.holds(message)) continue; // answered once the solver's network is in
    answered = true;
    answer(message);
  }
  if (toStore && answered) {
    // After the first answer, so packing and storing it never delays the game.
    storeOnDevice(toStore);
    toStore = null;
  }
}

function answer({ id, call, args }) {
  try {
    const asked = performance.now();
    const reply = calls(call, JSON.stringify(args));
    self.postMessage({ id, reply, ms: performance.now() - asked });
  } catch (error) {
    self.postMessage({ id, error: describe(error) });
  }
}

// The Python's side of the solver's network (game/worker.py): whether a call waits for
// it, its file installed (written into Pyodide's file system: only a path crosses), or
// its download given up.
function networkCalls(pyodide, module) {
  const path = "/tmp/solver-network.bin"; // (the Python removes it once read)
  return {
    waits: (name, args) => module.waits(name, JSON.stringify(args)),
    install: (bytes) => {
      pyodide.FS.writeFile(path, bytes);
      return module.install_network(path);
    },
    failed: (reason) => module.network_failed(reason),
  };
}

async function storeOnDevice({ build, manifest, packed, memory, facts }) {
  try {
    if (memory) {
      const made = await pack(memory);
      packed = made.packed;
      manifest = {
        file: `engine-${build}.snapshot.gz`,
        ...facts,
        bytes: packed.byteLength,
        raw_bytes: memory.length,
        ranges: made.ranges,
      };
    }
    await storeSnapshot(build, manifest, packed);
  } catch (error) {
    console.info(`engine: no snapshot kept on this device: ${describe(error)}`);
  }
}

function describe(error) {
  return String(error && error.message ? error.message : error);
}

// Why the start failed, for the page to say: a plain string, the error's name and its
// message ("NotReadableError: The I/O read operation failed.").
function named(error) {
  return error && error.message ? `${error.name || "Error"}: ${error.message}` : String(error);
}

async function bytesOf(url) {
  const response = await fetch(url);
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

// Why the snapshot `manifest` describes cannot be used this time; null if it can. With
// `version` null (not known yet) everything but the runtime's version is checked.
// `onDevice`: a snapshot stored on this device, which costs no download.
function refusal(manifest, version, onDevice = false) {
  if (FORCED === "plain") return { reason: "the page asked for a plain start", quiet: true };
  if (!manifest) {
    return EMBEDDED.build
      ? { reason: "none made on this device yet: one is made now for the next start", quiet: true }
      : { reason: "no snapshot was built (run make)" };
  }
  if (
    typeof manifest.file !== "string" ||
    !/^engine-[0-9a-f]+\.snapshot\.gz$/.test(manifest.file) ||
    !(manifest.bytes > 0) ||
    !Number.isSafeInteger(manifest.raw_bytes) ||
    !validRanges(manifest.ranges, manifest.raw_bytes)
  ) {
    return { reason: onDevice ? "the snapshot kept on this device is not one" : "snapshot.json does not describe a snapshot" };
  }
  if (version !== null && manifest.pyodide !== version) {
    return { reason: `the snapshot is for Pyodide ${manifest.pyodide}, the runtime is ${version}` };
  }
  const link = self.navigator.connection;
  if (!onDevice && link && link.saveData && FORCED !== "snapshot") {
    return { reason: "the browser asks to save data", quiet: true };
  }
  return null;
}

// The build a snapshot kept on this device must be of: the one offline file's own, or
// the key in the name of the site's snapshot file (it hashes the runtime, its standard
// library, the engine's sources and the script that made it: build/snapshot.mjs).
function buildOf(manifest) {
  if (EMBEDDED.build) return EMBEDDED.build;
  const key = manifest && /^engine-([0-9a-f]+)\.snapshot\.gz$/.exec(String(manifest.file));
  return key ? key[1] : null;
}

// The snapshot's download, started as soon as its manifest is read (before the
// runtime's version is known, which refusal() checks later); null when refused already.
function earlyDownload(manifest) {
  if (refusal(manifest, null)) return null;
  const url = new URL(manifest.file, SNAPSHOTS);
  const snapshot = download(url, manifest, FORCED === "snapshot" ? Infinity : SNAPSHOT_BUDGET_MS);
  snapshot.bytes.then(() => mark("snapshot_inflated"), () => {});
  return { url, ...snapshot };
}

// Restore the downloaded snapshot; {reason, quiet} when it is not used this time.
async function fromDownload(loadPyodide, version, options, manifest, snapshot, sources) {
  const refused = refusal(manifest, version);
  if (refused) {
    if (snapshot) snapshot.abort();
    return refused;
  }
  if (manifest.sources !== fingerprint(await sources)) {
    snapshot.abort();
    return { reason: "the engine's sources changed since the snapshot was made (run make)" };
  }
  try {
    await snapshot.committed;
  } catch (error) {
    if (!(error instanceof SlowLink)) throw error;
    return { reason: `${error.message}; one is made on this device instead`, quiet: true };
  }
  return { calls: await restore(loadPyodide, options, snapshot.bytes), packed: snapshot.packed() };
}

// Restore the snapshot kept on this device; {reason} when it is not used.
async function fromDevice(loadPyodide, version, options, entry, sources) {
  const { manifest } = entry;
  const refused = refusal(manifest, version, true);
  if (refused) return refused;
  if (manifest.sources !== fingerprint(await sources)) {
    return { reason: "the snapshot kept on this device is of other engine sources", quiet: true };
  }
  const memory = unpack(
    new Response(entry.packed).body.pipeThrough(new DecompressionStream("gzip")),
    manifest.raw_bytes,
    manifest.ranges,
  );
  memory.then(() => mark("snapshot_inflated"), () => {});
  return { calls: await restore(loadPyodide, options, memory) };
}

// Pyodide from a snapshot's memory (a promise of it), with the engine already imported.
async function restore(loadPyodide, options, memory) {
  const pyodide = await loadPyodide({ ...options, _loadSnapshot: memory });
  mark("python_ready");
  return importEngine(pyodide, null);
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
  return { call: module.call, network: networkCalls(pyodide, module) };
}

async function boot() {
  // Everything either start needs is asked for at once; the runtime's JavaScript is
  // parsed while the snapshot downloads or is read from the device.
  const manifest = readManifest();
  const build = manifest.then(buildOf);
  const stored = FORCED === "plain" ? Promise.resolve(null) : build.then(snapshotFor);
  // (no download when this device keeps one: the check is a few milliseconds)
  const snapshot = Promise.all([manifest, stored]).then(([found, entry]) => (entry ? null : earlyDownload(found)));
  snapshot.catch(() => {}); // judged where it is awaited
  const sources = Promise.all(ENGINE_FILES.map((file) => bytesOf(new URL(file, SITE))));
  sources.catch(() => {}); // judged where it is awaited
  const factory = importModule(new URL("pyodide.asm.mjs", PYODIDE).href);
  factory.catch(() => {});
  const { loadPyodide, version } = await importModule(new URL("pyodide.mjs", PYODIDE).href);
  mark("pyodide_imported");
  const options = {
    indexURL: PYODIDE.href,
    stdLibURL: new URL(STDLIB, PYODIDE).href,
    createPyodideModule: (settings) => factory.then((module) => module.default(settings)),
    stdout: console.log,
    stderr: (line) => {
      console.warn(line);
      if (/^Fatal Python error/.test(line)) failed(`Python stopped: ${line}`);
    },
  };

  let reason;
  const key = await build;
  const entry = await stored;
  try {
    const found = await manifest;
    const restored = entry
      ? await fromDevice(loadPyodide, version, options, entry, sources)
      : await fromDownload(loadPyodide, version, options, found, await snapshot, sources);
    if (restored.calls) {
      // (a downloaded snapshot is kept as it came; one from the device is kept already)
      if (restored.packed && key) toStore = { build: key, manifest: found, packed: restored.packed };
      return { boot: "snapshot", from: entry ? "device" : "download", calls: restored.calls };
    }
    reason = restored.reason;
    (restored.quiet ? console.info : console.warn)(`engine: plain start: ${reason}`);
  } catch (error) {
    reason = `the snapshot failed: ${describe(error)}`;
    console.warn(`engine: plain start: ${reason}`);
  }
  // A snapshot is made here whenever it can be kept: never for a forced plain start.
  const makeHere = !!key && FORCED !== "plain";
  const pyodide = await loadPyodide(makeHere ? { ...options, _makeSnapshot: true } : options);
  mark("python_ready");
  const calls = await importEngine(pyodide, sources);
  if (makeHere) {
    // Frozen now, as build/snapshot.mjs does it: the engine is imported and warmed up,
    // and the page's engine (its randomness) does not exist yet.
    try {
      const module = pyodide.pyimport("game.worker");
      module.warm_up();
      pyodide.runPython("import gc; gc.collect()");
      toStore = {
        build: key,
        memory: pyodide.makeMemorySnapshot(),
        facts: { pyodide: version, sources: fingerprint(await sources) },
      };
      mark("snapshot_made");
    } catch (error) {
      console.warn(`engine: no snapshot made: ${describe(error)}`);
    }
  }
  return { boot: "plain", from: "", reason, calls };
}

// The files the start cannot do without, Pyodide's and the engine's sources, are watched
// as they download (assets/engine/watch.mjs): one that cannot be fetched fails the start
// at once, named; every byte says the start goes on.
watchRequests(named, PYODIDE.href, new Map(ENGINE_FILES.map((file) => [new URL(file, SITE).href, file])));

boot().then(
  (ready) => {
    if (hasFailed()) return;
    calls = ready.calls.call;
    network = networkGate(ready.calls.network, answer, SITE);
    finished();
    const ms = mark("engine_ready");
    console.info(`engine: ${ready.boot} start in ${ms} ms ${JSON.stringify(marks)}`);
    self.postMessage({ ready: { boot: ready.boot, from: ready.from, reason: ready.reason || "", ms, marks } });
    drain();
  },
  (error) => failed(named(error)),
);
