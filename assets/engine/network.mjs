// The solver's learned network in the engine's worker (assets/engine/worker.mjs):
// fetched the first time a call needs it, never at start (docs/solver.md, "How the
// network is loaded").
//
// The file (megabytes) is no part of the engine's start nor of its memory snapshot. A
// call that would search a 4x4 board while the network is not in (the Python decides:
// game/weights.py `waits`) is held here, with any later such call, in order, while
// the file downloads; every other call is answered meanwhile (a key's move never waits
// for the download). Once the file is in, the Python installs it (or says why it
// cannot: a damaged file), or is told the download failed; then the held calls are
// made, with the network or without it.
//
// Said to the page (assets/engine/client.js): {id, held: true} for each call held (not
// timed while it waits: a slow link is no dead worker), and {network: {state, percent,
// reason}}: state "loading" (percent of the file received, said at most once a second),
// then "installed" or "failed" (reason: why, in words).
import { NETWORK_BYTES, NETWORK_FILE } from "./network_file.mjs";

// How often the download's progress is said at most: the page shows it in its status
// region, which a screen reader reads out at each change.
const SAY_MS = 1000;
// A download that receives nothing for this long is given up (a link gone silent): the
// calls it held go on without the network, rather than wait for good.
const SILENCE_MS = 30000;

// The file's bytes, its download's progress said as it goes (`say(percent)`): out of
// the response's Content-Length when it names the bytes that come (not when it is
// compressed on the way), else out of the size the build wrote (NETWORK_BYTES).
async function download(url, say) {
  const stop = new AbortController();
  let silence = 0;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => stop.abort(new Error(`nothing came for ${SILENCE_MS / 1000} s`)), SILENCE_MS);
  };
  heard();
  try {
    const response = await fetch(url, { signal: stop.signal });
    if (!response.ok) throw new Error(`${NETWORK_FILE} answered ${response.status}`);
    const length = Number(response.headers.get("Content-Length"));
    const total = length > 0 && !response.headers.get("Content-Encoding") ? length : NETWORK_BYTES;
    if (!response.body) return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader();
    const parts = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      heard();
      parts.push(value);
      received += value.length;
      say(Math.min(99, Math.floor((received * 100) / total)));
    }
    const bytes = new Uint8Array(received);
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    return bytes;
  } finally {
    clearTimeout(silence);
  }
}

function describe(error) {
  return String(error && error.message ? error.message : error);
}

// The worker's side of the network. `engine`: the Python's calls, {waits(name, args),
// install(bytes) -> "" or why not, failed(reason)}; `answer(message)` makes a call and
// posts its answer; `site`: the site's root (the file's address is relative to it).
export function networkGate(engine, answer, site) {
  let installed = false; // for good: nothing waits any more
  let loading = false;
  const held = [];
  let saidAt = -Infinity;
  let latest = 0; // the percent received, said at the latest SAY_MS after the last one
  let later = 0;

  const tell = (network) => self.postMessage({ network });
  const sayNow = () => {
    later = 0;
    saidAt = performance.now();
    tell({ state: "loading", percent: latest, reason: "" });
  };
  const say = (percent) => {
    latest = percent;
    if (later) return;
    const wait = saidAt + SAY_MS - performance.now();
    if (wait <= 0) sayNow();
    else later = setTimeout(sayNow, wait);
  };

  async function load() {
    say(0);
    let reason = "";
    try {
      reason = engine.install(await download(new URL(NETWORK_FILE, site), say));
    } catch (error) {
      reason = describe(error);
      try {
        engine.failed(reason);
      } catch (again) {
        console.warn(`engine: the solver's network: ${describe(again)}`);
      }
    }
    clearTimeout(later);
    later = 0;
    installed = !reason;
    if (reason) console.warn(`engine: the solver's network was not installed: ${reason}`);
    tell({ state: installed ? "installed" : "failed", percent: installed ? 100 : 0, reason });
    loading = false;
    // The held calls, in order, now with the network or without it: never asked again
    // whether they wait (a review's step would wait for another try, for ever).
    held.splice(0).forEach(answer);
  }

  return {
    // Whether `message` ({id, call, args}) is held until the network is in or given up
    // (it is answered then); false: answer it now.
    holds(message) {
      if (installed) return false;
      let waits = false;
      try {
        waits = !!engine.waits(message.call, message.args);
      } catch (error) {
        console.warn(`engine: whether ${message.call} waits for the solver's network: ${describe(error)}`);
      }
      if (!waits) return false;
      held.push(message);
      self.postMessage({ id: message.id, held: true });
      if (!loading) {
        loading = true;
        load();
      }
      return true;
    },
  };
}
