// Floor: Pyodide started from scratch, from the game's own runtime files, then one
// import. Nothing of the game: what any plain Pyodide page pays at least.
const PYODIDE = new URL("../../../assets/runtime/pyodide/", import.meta.url);
// The engine's standard library, as the game loads it (assets/engine/sources.mjs STDLIB).
const STDLIB = new URL("engine-stdlib.zip", PYODIDE).href;
const started = performance.now();
try {
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE).href);
  const pyodide = await loadPyodide({ indexURL: PYODIDE.href, stdLibURL: STDLIB });
  pyodide.runPython("import json");
  self.postMessage({ worker_ms: performance.now() - started });
} catch (error) {
  self.postMessage({ error: String(error && error.message ? error.message : error) });
}
