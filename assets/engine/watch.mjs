// The engine's start as its worker watches it (assets/engine/worker.mjs): what it says
// to the page while it goes on, and the requests for the files it cannot do without.
//
// Progress. A start says {progress: 1} at each of its steps and as its files download,
// at most once a second, until it is ready (`finished`): assets/engine/client.js takes
// a long silence for a start that is not coming, and makes the worker again.
//
// Failures. Pyodide does not fail when one of its files cannot be fetched: without its
// wasm it logs a warning and waits forever, without its standard library it starts an
// interpreter that cannot run. And a file that does fail says only how ("TypeError:
// Failed to fetch"), not which it was. So the worker watches its own requests for the
// files its start cannot do without (Pyodide's, the engine's Python sources) and gives
// up at once, naming the file, in the same words for every one of them (the snapshot
// is not one of them: without it the start is only slower, and goes plain).
// Everything else fetches as usual.

let said = -Infinity; // when the start last said it goes on
let over = false; // the start is over: ready, or failed
let failedAlready = false;
let essential = () => ""; // the name of a file the start cannot do without, from its address
let named = String; // an error, in words

// The start goes on: said to the page, at most once a second.
export function progress() {
  const now = performance.now();
  if (over || now - said < 1000) return;
  said = now;
  self.postMessage({ progress: 1 });
}

// The engine is ready: nothing more to say of its start.
export function finished() {
  over = true;
}

// The start failed: said once, with why.
export function failed(message) {
  if (failedAlready) return;
  failedAlready = true;
  over = true;
  console.error(`engine: failed to start: ${message}`);
  self.postMessage({ failed: message });
}

export function hasFailed() {
  return failedAlready;
}

// Watch this worker's requests: the files under `folder` (Pyodide's), named by their
// path in it, and those in `files` (address -> name: the engine's sources) fail the
// start when they cannot be fetched; every response's bytes say the start goes on.
// `words(error)` words an error.
export function watchRequests(words, folder, files) {
  named = words;
  essential = (address) => {
    const url = String(address).replace(/[?#].*$/, "");
    return url.startsWith(folder) ? url.slice(folder.length) : files.get(url) || "";
  };
  const fetchAnything = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const name = essential(input && input.url ? input.url : input);
    let response;
    progress();
    try {
      response = await fetchAnything(input, init);
    } catch (error) {
      if (name) failed(`${name} could not be downloaded (${named(error)})`);
      throw error;
    }
    if (name && !response.ok) failed(`${name} answered ${response.status}`);
    return over ? response : counted(response);
  };
}

// `importModule(url)`, watched as the requests are: import() does not go through fetch,
// and its error names neither the file nor what went wrong (WebKit: "Importing a module
// script failed."). So a module the start needs that does not import is asked for again
// through the watched fetch, which names a download that fails; one that downloads but
// does not run is named here.
export function watchImports(importModule) {
  return async (url) => {
    try {
      return await importModule(url);
    } catch (error) {
      const name = essential(url);
      const response = name ? await self.fetch(url).catch(() => null) : null;
      if (response && response.ok) failed(`${name} could not be imported (${named(error)})`);
      throw error;
    }
  };
}

// The response as it came, and a copy of it read alongside that says the start goes on
// as its bytes come in (a slow link's download is progress, however long it takes).
// The response itself is never wrapped: one made up in JavaScript has no address, and
// the wasm compiled from it would not be cached by the browser for the next visit.
function counted(response) {
  if (!response.body) return response;
  const reader = response.clone().body.getReader();
  (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
      progress();
    }
  })().catch(() => {}); // the response abandoned (a slow snapshot download): nothing to say
  return response;
}
