// Offline play for the built site: registers its service worker (sw.js, written by
// build/site.mjs) and offers a new release with the "A new version is ready" notice.
//
// Only the built page carries <meta name="py2048-release">; the page served straight
// from the repository for development has none, so it never registers a worker and
// every edit is seen on the next reload. Nothing here may stop the game: every step is
// guarded, and a browser without service workers (or a file:// page) just plays online.
//
// window.py2048Offline.state says what happened, for tests and for a curious player:
// "development" (no release: not registered), "unsupported" (not http(s), or no service
// workers), "pending" (waiting for the game to start), "registered", "failed".
(function () {
  "use strict";
  var status = (window.py2048Offline = { state: "pending" });
  try {
    var release = document.querySelector('meta[name="py2048-release"]');
    if (!release) {
      status.state = "development";
      return;
    }
    var web = location.protocol === "http:" || location.protocol === "https:";
    var workers = web ? navigator.serviceWorker : null;
    if (!workers) {
      status.state = "unsupported";
      return;
    }

    var reloading = false;
    var waiting = null;

    // Shown when a new release has installed and waits for this page to let it in.
    function offer(worker) {
      waiting = worker;
      var notice = document.getElementById("update");
      if (notice) notice.hidden = false;
    }

    // The waiting release takes over, then controllerchange reloads this page. When
    // another tab has already let it in (it is active, nothing waits), just reload.
    function takeOver() {
      reloading = true;
      if (waiting && waiting.state === "installed") waiting.postMessage({ type: "py2048-take-over" });
      else location.reload();
    }

    function watch(registration) {
      // Another release already waiting (installed while this page was away).
      if (registration.waiting && workers.controller) offer(registration.waiting);
      registration.addEventListener("updatefound", function () {
        var worker = registration.installing;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          // Without a controller this is the first install, not an update.
          if (worker.state === "installed" && workers.controller) offer(worker);
        });
      });
    }

    // The first visit's worker claims the page too; only a switch the player asked
    // for reloads it. A switch asked for in another tab leaves this one running the
    // old release under the new worker: it keeps (or now shows) the offer to reload.
    var controlled = !!workers.controller;
    workers.addEventListener("controllerchange", function () {
      if (reloading) location.reload();
      else if (controlled) offer(null);
      controlled = true;
    });

    function failed(error) {
      status.state = "failed";
      console.info("offline play unavailable: " + error);
    }

    function start() {
      try {
        var button = document.getElementById("update-reload");
        if (button) button.addEventListener("click", takeOver);
        workers.register("sw.js").then(function (registration) {
          status.state = "registered";
          watch(registration);
        }).catch(failed);
      } catch (error) {
        failed(error);
      }
    }

    // Registering starts the worker's download of the whole site: wait until the page
    // has loaded and the engine has started, so it revalidates what the browser has
    // just fetched instead of competing with the game's own start.
    var client = window.py2048Engine; // the engine's client (assets/engine/client.js)
    var loaded = new Promise(function (resolve) {
      if (document.readyState === "complete") resolve();
      else window.addEventListener("load", function () { resolve(); }, { once: true });
    });
    var started = client && client.ready ? client.ready.catch(function () {}) : Promise.resolve();
    Promise.all([loaded, started]).then(start, start);
  } catch (error) {
    status.state = "failed"; // never in the game's way
  }
})();
