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
    return contentOf(path).then(function (file) {
      if (!file) return new Response("", { status: 404, statusText: "Not embedded" });
      return new Response(file.buffer, { headers: { "Content-Type": file.type } });
    });
  };
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
    // The engine's snapshot is made on the device at the first opening and kept under
    // this file's own build (assets/engine/device_snapshot.mjs): this file carries none.
    build: self.py2048Build
  };
})();
