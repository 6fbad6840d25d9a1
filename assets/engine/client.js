// The engine's client: the page's side of the engine's worker (assets/engine/worker.mjs).
// Here `client` is window.py2048Engine, what the page holds (game/ui/page.py `client`);
// `worker` is the Worker it talks to, made again once if its start falls silent.
//
// The worker is made when the page's UI asks for it (`start()`), once the UI's own files
// are in and its board is playable: on a slow link the engine's megabytes must not hold
// back the UI's, and the page plays by itself until the engine takes over (measured:
// docs/engine-start.md, "When the engine starts").
//
// window.py2048Engine, the client:
//   start()          make the worker and start Python in it (once; later calls do nothing)
//   ready            a promise of {boot: "snapshot" | "plain", reason, ms}; it rejects
//                    with a message when the engine cannot start at all
//   call(name, ...args)  a promise of the engine's answer (JSON text) for one call of
//                    game/worker.py with these plain arguments (strings, numbers);
//                    calls are answered in the order they were made, but for those
//                    the worker holds while it downloads the solver's network (a 4x4
//                    search's: assets/engine/network.mjs), answered once it is in or
//                    given up, and not timed meanwhile; it rejects with a message
//   failure          "" while the engine lives; once it has failed (it could not start,
//                    its worker reported an error, a call went unanswered for
//                    CALL_BOUND_MS once it was ready: a crashed or killed worker says
//                    nothing, or its start made no progress for STALL_MS twice), why;
//                    every pending and later call then rejects with it
//   onfailure        a function the page may set: called once with that reason, so a
//                    failure is shown even while no call is pending
//   network          the solver's network in the worker: "" (not asked for yet),
//                    "loading", "installed" or "failed"
//   onnetwork        a function the page may set: called with (state, percent, reason)
//                    as the network downloads ("loading", 0-99) and once it is in or
//                    given up ("installed", 100 or "failed", 0, why in words)
// Plain data only crosses: the UI in MicroPython parses the text itself. Every message
// of a rejection is a string, never an Error: MicroPython would see an Error only as
// "<JsProxy 55>", and cannot catch one to read it.
(function () {
  "use strict";
  // A call is answered in milliseconds once the engine is ready; this much silence
  // means the worker is gone (a crash, an out-of-memory kill), not that it is busy.
  var CALL_BOUND_MS = 10000;
  // A start that says nothing for this long while the browser is online is not coming
  // (seen: a worker that never asked for its files, the page playing alone for good):
  // the worker is made again once, and if the second says nothing as long, the start
  // has failed. A start says something at each of its steps and at least once a second
  // while its files download (assets/engine/worker.mjs `progress`), so a slow link or
  // a slow phone's longest step (Python's own start, ~15 s at a quarter of this
  // machine's speed) stays far inside it. Tests shorten it (py2048EngineStallMs).
  var STALL_MS = window.py2048EngineStallMs || 30000;
  var stall = 0; // the timer of the start's silence
  var tries = 0; // workers made for this start
  var pending = new Map();
  var nextId = 1;
  var started = false; // the engine is ready: calls are timed from then on
  var settle = {};
  var ready = new Promise(function (resolve, reject) {
    settle.resolve = resolve;
    settle.reject = reject;
  });
  ready.catch(function () {}); // the UI reports it; no unhandled rejection meanwhile

  var worker = null;
  var client = (window.py2048Engine = {
    start: start,
    ready: ready,
    call: function (name) {
      var args = Array.prototype.slice.call(arguments, 1);
      return new Promise(function (resolve, reject) {
        if (!worker || client.failure) {
          reject(client.failure || "no engine worker");
          return;
        }
        var id = nextId++;
        var message = { id: id, call: name, args: args };
        var callbacks = { resolve: resolve, reject: reject, timer: 0, message: message };
        pending.set(id, callbacks);
        time(callbacks);
        worker.postMessage(message);
      });
    },
    // A call's answer (or its refusal) handed to the page's one road back to the room
    // that asked (game/ui/calls.py) with the call's ticket: the two callbacks are made
    // once, so MicroPython makes no function for a single call.
    deliver: function (promise, ticket, answered, refused) {
      promise.then(
        function (reply) {
          answered(ticket, reply);
        },
        function (error) {
          refused(ticket, String(error));
        }
      );
    },
    failure: "",
    onfailure: null,
    network: "",
    onnetwork: null,
    lastCallMs: 0 // how long the engine's Python took for the last answer (benchmarks)
  });

  function fail(reason) {
    if (client.failure) return;
    clearTimeout(stall);
    var message = String(reason) || "the engine failed";
    client.failure = message;
    settle.reject(message);
    pending.forEach(function (callbacks) {
      clearTimeout(callbacks.timer);
      callbacks.reject(message);
    });
    pending.clear();
    if (worker) worker.terminate(); // whatever is left of it
    if (typeof client.onfailure === "function") {
      try {
        client.onfailure(message);
      } catch (error) {
        console.error(error);
      }
    }
  }

  // The solver's network as the worker says it goes (assets/engine/network.mjs), to the
  // page: its hook never throws into the worker's message handler.
  function said(network) {
    client.network = String(network.state);
    if (typeof client.onnetwork !== "function") return;
    try {
      client.onnetwork(client.network, Number(network.percent) || 0, String(network.reason || ""));
    } catch (error) {
      console.error(error);
    }
  }

  function time(callbacks) {
    if (started && !callbacks.timer && !callbacks.held) {
      callbacks.timer = setTimeout(function () {
        fail("the engine stopped answering");
      }, CALL_BOUND_MS);
    }
  }

  // ?engine=snapshot or ?engine=plain on the page's address forces that start (for
  // benchmarks and debugging); anything else lets the worker choose.
  var forced = new URLSearchParams(location.search).get("engine");
  var url = "assets/engine/worker.mjs";
  if (forced === "snapshot" || forced === "plain") url += "?boot=" + forced;

  var asked = false;
  function start() {
    if (asked) return;
    asked = true;
    make();
  }

  function make() {
    tries += 1;
    try {
      // (the one offline file makes its worker itself: build/onefile/head.js)
      worker = window.py2048EngineWorker
        ? window.py2048EngineWorker(forced)
        : new Worker(url, { type: "module", name: "engine" });
    } catch (error) {
      fail("the engine worker could not be created: " + error);
      return;
    }
    listen();
    heard();
  }

  // The start said something: its silence is timed again from now (until it is ready).
  function heard() {
    clearTimeout(stall);
    if (!started && !client.failure) stall = setTimeout(silent, STALL_MS);
  }

  function silent() {
    if (!navigator.onLine) {
      heard(); // offline, a download waits for the link: that is no stalled start
      return;
    }
    var seconds = Math.round(STALL_MS / 1000);
    if (tries > 1) {
      fail("the engine's start made no progress for " + seconds + " s, twice");
      return;
    }
    console.warn("engine: its start made no progress for " + seconds + " s: starting it again");
    var stalled = worker;
    stalled.onmessage = stalled.onerror = stalled.onmessageerror = null;
    stalled.terminate();
    make();
    pending.forEach(function (callbacks) {
      worker.postMessage(callbacks.message); // (none is expected before it is ready)
    });
  }

  function listen() {
    worker.onmessage = function (event) {
      var data = event.data;
      heard();
      if (data.progress) {
        return; // the start goes on (heard)
      } else if (data.network) {
        said(data.network);
      } else if (data.held) {
        var held = pending.get(data.id);
        if (held) {
          held.held = true; // waits for the solver's network: a download is no dead worker
          clearTimeout(held.timer);
          held.timer = 0;
        }
      } else if (data.ready) {
        started = true;
        clearTimeout(stall);
        if (window.py2048OneFile) window.py2048OneFile.ready(); // (build/onefile/head.js)
        pending.forEach(time);
        settle.resolve(data.ready);
      } else if (data.failed) {
        fail(data.failed);
      } else {
        var callbacks = pending.get(data.id);
        if (!callbacks) return;
        pending.delete(data.id);
        clearTimeout(callbacks.timer);
        if ("reply" in data) {
          client.lastCallMs = data.ms;
          callbacks.resolve(data.reply);
        }
        else callbacks.reject(String(data.error));
      }
    };
    worker.onerror = function (event) {
      // (an event without a message is a worker whose script, or a module it imports,
      // could not be loaded: nothing says which; an error it throws has a message)
      fail(event.message ? "the engine worker stopped: " + event.message
        : url.replace(/\?.*/, "") + " or a module it imports could not be loaded");
    };
    worker.onmessageerror = function () {
      fail("the engine worker sent a message that could not be read");
    };
  }
})();
