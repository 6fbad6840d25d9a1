// The engine's start as its worker watches it (assets/engine/worker.mjs): what it says
// to the page while it goes on, and the requests for Pyodide's own files.
//
// Progress. A start says {progress: 1} at each of its steps and as its files download,
// at most once a second, until it is ready (`finished`): assets/engine/client.js takes
// a long silence for a start that is not coming, and makes the worker again.
//
// Failures. Pyodide does not fail when one of its files cannot be fetched: without its
// wasm it logs a warning and waits forever, without its standard library it starts an
// interpreter that cannot run. So the worker watches its own requests for Pyodide's
// files and gives up at once, saying which (the snapshot is not one of them: without
// it the start is only slower). Everything else fetches as usual.

let said = -Infinity; // when the start last said it goes on
let over = false; // the start is over: ready, or failed
let failedAlready = false;

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

// Watch this worker's requests: those under `essential` (Pyodide's folder) fail the
// start when they cannot be fetched; every response's bytes say the start goes on.
// `named(error)` words an error.
export function watchRequests(essential, named) {
  const fetchAnything = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = String(input && input.url ? input.url : input);
    const mine = url.startsWith(essential);
    const name = url.slice(url.lastIndexOf("/") + 1).replace(/[?#].*$/, "");
    let response;
    progress();
    try {
      response = await fetchAnything(input, init);
    } catch (error) {
      if (mine) failed(`${name} could not be downloaded (${named(error)})`);
      throw error;
    }
    if (mine && !response.ok) failed(`${name} answered ${response.status}`);
    return over ? response : counted(response);
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
