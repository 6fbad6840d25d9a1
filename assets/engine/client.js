// The page's side of the engine worker (assets/engine/worker.mjs), started as soon as
// the <head> is parsed so Python warms up while the MicroPython UI loads.
//
// window.py2048Engine:
//   ready            a promise of {boot: "snapshot" | "plain", reason, ms}; it rejects
//                    with a message when the engine cannot start at all
//   call(name, ...args)  a promise of the engine's answer (JSON text) for one call of
//                    game/worker.py with these plain arguments (strings, numbers);
//                    calls are answered in the order they were made
// Plain data only crosses: the UI in MicroPython parses the text itself.
(function () {
  "use strict";
  var pending = new Map();
  var nextId = 1;
  var settle = {};
  var ready = new Promise(function (resolve, reject) {
    settle.resolve = resolve;
    settle.reject = reject;
  });
  ready.catch(function () {}); // the UI reports it; no unhandled rejection meanwhile

  function fail(message) {
    settle.reject(new Error(message));
    pending.forEach(function (callbacks) { callbacks.reject(new Error(message)); });
    pending.clear();
  }

  // ?engine=snapshot or ?engine=plain on the page's address forces that start (for
  // benchmarks and debugging); anything else lets the worker choose.
  var forced = new URLSearchParams(location.search).get("engine");
  var url = "assets/engine/worker.mjs";
  if (forced === "snapshot" || forced === "plain") url += "?boot=" + forced;

  var worker = null;
  try {
    // (the one offline file makes its worker itself: build/onefile/page.js)
    worker = window.py2048EngineWorker
      ? window.py2048EngineWorker(forced)
      : new Worker(url, { type: "module", name: "engine" });
  } catch (error) {
    fail("the engine worker could not be created: " + error);
  }
  if (worker) {
    worker.onmessage = function (event) {
      var data = event.data;
      if (data.ready) {
        settle.resolve(data.ready);
      } else if (data.failed) {
        fail(data.failed);
      } else {
        var callbacks = pending.get(data.id);
        if (!callbacks) return;
        pending.delete(data.id);
        if ("reply" in data) {
          engine.lastCallMs = data.ms;
          callbacks.resolve(data.reply);
        }
        else callbacks.reject(new Error(data.error));
      }
    };
    worker.onerror = function (event) {
      fail("the engine worker stopped: " + (event.message || "error"));
    };
  }

  var engine = (window.py2048Engine = {
    ready: ready,
    call: function (name) {
      var args = Array.prototype.slice.call(arguments, 1);
      return new Promise(function (resolve, reject) {
        if (!worker) {
          reject(new Error("no engine worker"));
          return;
        }
        var id = nextId++;
        pending.set(id, { resolve: resolve, reject: reject });
        worker.postMessage({ id: id, call: name, args: args });
      });
    },
    lastCallMs: 0 // how long the engine's Python took for the last answer (benchmarks)
  });
})();
