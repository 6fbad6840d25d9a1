// The one offline file's engine worker starts with this prelude, then the bundled
// assets/engine/worker.mjs (build/onefile.mjs joins them). A file:// page can only
// start a classic worker from a blob, which cannot fetch files nor import the page's
// blob: URLs; so the page posts the engine's embedded files (gzip + base64) as the
// first message, and this prelude answers the worker's fetches and runtime imports
// from them. Pyodide and the engine code run unchanged.
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
        var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
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
  // The worker imports Pyodide's modules through this (assets/engine/worker.mjs):
  // from blob: URLs this worker makes itself, which a file:// worker may import.
  self.py2048Import = function (url) {
    var path = pathOf(url);
    if (path === null) return import(url);
    return contentOf(path).then(function (file) {
      if (!file) throw new Error(url + " is not embedded");
      return import(URL.createObjectURL(new Blob([file.buffer], { type: "text/javascript" })));
    });
  };
})();
