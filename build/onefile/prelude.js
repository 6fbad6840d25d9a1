// The one offline file's engine worker starts with this prelude, then the bundled
// assets/engine/worker.mjs (build/onefile.mjs joins them). A file:// page can only
// start a classic worker from a blob, which cannot fetch files nor import the page's
// blob: URLs; so the page posts the engine's embedded files (gzip + base64 text) as
// the first message, and this prelude answers the worker's fetches and runtime imports
// from them. Pyodide and the engine code run unchanged.
//
// Nothing here needs to read a Blob: in WebKit such a worker may make blobs but not
// read them (Blob.arrayBuffer() and .stream() fail with NotReadableError, new
// Response(blob) and fetch of its own blob: URLs fail, import() of them is denied by
// CORS). So bytes only go through Uint8Array and ArrayBuffer, streams are made from
// those, and where blobs cannot be read, modules are imported from data: URLs
// (docs/offline.md).
(function () {
  "use strict";
  var HOME = "https://py2048.invalid/";
  var received;
  var files = new Promise(function (resolve) { received = resolve; });
  self.addEventListener("message", function (event) {
    if (event.data && event.data.files) {
      event.stopImmediatePropagation(); // not a call for the engine
      received(event.data.files);
    }
  });

  var contents = {};
  function contentOf(path) {
    if (!contents[path]) {
      contents[path] = files.then(function (all) {
        var file = all[path];
        if (!file) return null;
        var bytes = Uint8Array.fromBase64 ? Uint8Array.fromBase64(file.text) : decode(file.text);
        delete all[path]; // its text (8 MB in all) is not needed twice; `contents` keeps it
        var stream = new Response(bytes).body.pipeThrough(new DecompressionStream("gzip"));
        return new Response(stream).arrayBuffer().then(function (buffer) {
          return { buffer: buffer, type: file.type };
        });
      });
    }
    return contents[path];
  }
  function decode(text) {
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }
  function encode(buffer) {
    var bytes = new Uint8Array(buffer);
    if (bytes.toBase64) return bytes.toBase64();
    var binary = "";
    for (var at = 0; at < bytes.length; at += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(at, at + 0x8000));
    }
    return btoa(binary);
  }
  function pathOf(url) {
    var href = String(url).replace(/[?#].*$/, "");
    return href.indexOf(HOME) === 0 ? href.slice(HOME.length) : null;
  }

  // Pyodide refuses to run in a classic worker, which it recognises by a working
  // importScripts. Everything here loads by import() (as in a module worker), so
  // importScripts is turned off and Pyodide runs as it does in the site's module worker.
  self.importScripts = function () {
    throw new TypeError("importScripts is not used in this worker");
  };

  var networkFetch = self.fetch.bind(self);
  self.fetch = function (input, init) {
    var path = pathOf(typeof input === "string" || input instanceof URL ? input : input.url);
    if (path === null) return networkFetch(input, init);
    return (fromStore(path) || contentOf(path)).then(function (file) {
      if (!file) return new Response("", { status: 404, statusText: "Not embedded" });
      return new Response(file.buffer, { headers: { "Content-Type": file.type } });
    });
  };
  // A memory snapshot of the engine, made on this device at the first opening (this
  // file carries none: docs/offline.md) and kept in IndexedDB under this file's build,
  // is served to the worker as the site serves its own: snapshot.json and the packed
  // memory (non-zero 4 KB pages, gzip). Where IndexedDB is blocked or fails, there is
  // simply none, and the engine starts plain.
  var SNAPSHOTS = "assets/runtime/snapshot/";
  var STORE = "snapshots";
  function database() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("py2048-engine", 1);
      request.onupgradeneeded = function () { request.result.createObjectStore(STORE); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function settled(request) {
    return new Promise(function (resolve, reject) {
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  var stored = new Promise(function (resolve) {
    try {
      database()
        .then(function (db) { return settled(db.transaction(STORE).objectStore(STORE).get(self.py2048Build)); })
        .then(function (entry) { resolve(entry && entry.manifest && entry.packed ? entry : null); }, function () { resolve(null); });
    } catch (error) {
      resolve(null);
    }
  });
  function fromStore(path) {
    if (path.indexOf(SNAPSHOTS) !== 0) return null;
    return stored.then(function (entry) {
      if (!entry) return null;
      if (path === SNAPSHOTS + "snapshot.json") {
        return { buffer: new TextEncoder().encode(JSON.stringify(entry.manifest)), type: "application/json" };
      }
      return path === SNAPSHOTS + entry.manifest.file ? { buffer: entry.packed, type: "application/gzip" } : null;
    });
  }

  var PAGE = 4096;
  // The memory's non-zero pages, gzip, and where they go: the format of the site's
  // build-time snapshot (build/snapshot.mjs), so the worker restores both alike.
  function pack(memory) {
    var ranges = [];
    var words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >> 2);
    for (var start = 0; start < memory.length; start += PAGE) {
      var nonzero = false;
      for (var w = start >> 2, end = Math.min(start + PAGE, memory.length) >> 2; w < end; w++) {
        if (words[w]) { nonzero = true; break; }
      }
      if (!nonzero) continue;
      var length = Math.min(PAGE, memory.length - start);
      var last = ranges[ranges.length - 1];
      if (last && last[0] + last[1] === start) last[1] += length;
      else ranges.push([start, length]);
    }
    var next = 0;
    var pages = new ReadableStream({
      pull: function (controller) {
        if (next === ranges.length) return controller.close();
        var range = ranges[next++];
        controller.enqueue(memory.subarray(range[0], range[0] + range[1]));
      }
    });
    var stream = pages.pipeThrough(new CompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then(function (packed) {
      return { packed: packed, ranges: ranges };
    });
  }

  function keepSnapshot(memory, facts) {
    pack(memory)
      .then(function (result) {
        var manifest = {
          file: "engine-" + self.py2048Build + ".snapshot.gz",
          pyodide: facts.pyodide,
          sources: facts.sources,
          bytes: result.packed.byteLength,
          raw_bytes: memory.length,
          ranges: result.ranges
        };
        return database().then(function (db) {
          var transaction = db.transaction(STORE, "readwrite");
          var store = transaction.objectStore(STORE);
          store.clear(); // an older build's snapshot is of no use any more
          store.put({ manifest: manifest, packed: result.packed }, self.py2048Build);
          return new Promise(function (resolve, reject) {
            transaction.oncomplete = resolve;
            transaction.onerror = function () { reject(transaction.error); };
          });
        }).then(function () {
          console.info("engine: snapshot kept for the next opening (" + result.packed.byteLength + " bytes)");
        });
      })
      .catch(function (error) {
        console.info("engine: no snapshot kept for the next opening: " + error);
      });
  }

  // Pyodide's modules are imported from blob: URLs this worker makes, where it may read
  // its own blobs (Chromium, Firefox), and otherwise (WebKit: not readable, nor
  // importable) from data: URLs. Not data: everywhere: in Firefox every Error made by
  // code from a data: URL copies that URL (1.7 MB for pyodide.asm.mjs), which slowed
  // each start by a second (measured: 1.0 s to 1.9 s from the kept snapshot).
  var blobsReadable = new Promise(function (resolve) {
    try {
      new Blob(["1"]).arrayBuffer().then(function () { resolve(true); }, function () { resolve(false); });
    } catch (error) {
      resolve(false);
    }
  });
  function importBytes(buffer) {
    var data = function () { return import("data:text/javascript;base64," + encode(buffer)); };
    return blobsReadable.then(function (readable) {
      if (!readable) return data();
      var url = URL.createObjectURL(new Blob([buffer], { type: "text/javascript" }));
      return import(url).catch(data); // (a blob: import refused, but readable blobs)
    });
  }

  self.py2048Embedded = {
    importModule: function (url) {
      var path = pathOf(url);
      if (path === null) return import(url);
      return contentOf(path).then(function (file) {
        if (!file) throw new Error(url + " is not embedded");
        return importBytes(file.buffer);
      });
    },
    keepSnapshot: keepSnapshot,
    noSnapshot: "first opening of this file: a snapshot is made now for the next one"
  };
})();
