// A floor page's main thread: start the worker named by <body data-worker>, and when it
// answers, publish the time (ms after navigation start) for the bench to poll:
// <body data-status="ready"> and window.__floor = {ready, worker_ms} (or data-status
// "error" and window.__floor.error).
const worker = new Worker(new URL(document.body.dataset.worker, import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  window.__floor = { ...event.data, ready: performance.now() };
  document.body.dataset.status = event.data.error ? "error" : "ready";
};
worker.onerror = (event) => {
  window.__floor = { error: String(event.message || "worker error"), ready: performance.now() };
  document.body.dataset.status = "error";
};
