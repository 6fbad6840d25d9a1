// window.__throttle.run(where, job, n): a promise of {ms, ...} for `download` (n bytes),
// `spin` (n rounds) or `link` (navigator.connection), on "main" or in "worker".
import { download, link, spin } from "./throttle-common.mjs";

const worker = new Worker(new URL("throttle-worker.mjs", import.meta.url), { type: "module" });
let next = 1;
const waiting = new Map();
worker.onmessage = (event) => {
  waiting.get(event.data.id)(event.data.result);
  waiting.delete(event.data.id);
};

const JOBS = { spin, link };

window.__throttle = {
  run(where, job, n) {
    if (where === "main") return job === "download" ? download(n) : Promise.resolve(JOBS[job](n));
    const id = next++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, job, n });
    });
  },
};
document.body.dataset.status = "ready";
