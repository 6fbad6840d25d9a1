// Floor: the game's own memory snapshot (the file named by snapshot.json, built by
// `make`), downloaded, inflated and restored, then one import. The runtime module and the
// snapshot are fetched in parallel: the least a snapshot start can cost.
const PYODIDE = new URL("../../../assets/runtime/pyodide/", import.meta.url);
// The engine's standard library, as the game loads it (assets/engine/sources.mjs STDLIB).
const STDLIB = new URL("engine-stdlib.zip", PYODIDE).href;
const SNAPSHOTS = new URL("../../../assets/runtime/snapshot/", import.meta.url);
const started = performance.now();

async function snapshotBytes() {
  const manifest = await (await fetch(new URL("snapshot.json", SNAPSHOTS))).json();
  const response = await fetch(new URL(manifest.file, SNAPSHOTS));
  if (!response.ok) throw new Error(`${manifest.file} answered ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const pages = new Uint8Array(await new Response(inflated).arrayBuffer());
  // The file holds the memory's non-zero pages: laid out where snapshot.json's ranges say.
  const memory = new Uint8Array(manifest.raw_bytes);
  let at = 0;
  for (const [start, length] of manifest.ranges) {
    memory.set(pages.subarray(at, at + length), start);
    at += length;
  }
  return memory;
}

try {
  const [{ loadPyodide }, bytes] = await Promise.all([
    import(new URL("pyodide.mjs", PYODIDE).href),
    snapshotBytes(),
  ]);
  const pyodide = await loadPyodide({ indexURL: PYODIDE.href, stdLibURL: STDLIB, _loadSnapshot: bytes });
  pyodide.runPython("import json");
  self.postMessage({ worker_ms: performance.now() - started });
} catch (error) {
  self.postMessage({ error: String(error && error.message ? error.message : error) });
}
