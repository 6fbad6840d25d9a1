// The one offline file's first loader (dist/2048.html, build/onefile.mjs), inline in
// <head> right before assets/engine/client.js, so the engine's worker starts as early
// as on the site, long before the HTML parser has read the embedded files (9 MB).
//
// It makes the worker client.js asks for: a classic worker from a blob (the only kind a
// file:// page may start), whose source is the element just before this script. The
// worker opens its IndexedDB and starts reading a snapshot kept there at once; the
// files it needs from the page (Pyodide, the engine's Python) come later, in one
// message from build/onefile/page.js once the parser has reached them.
(function () {
  "use strict";
  // (plain base64, not gzip: the worker is made synchronously; maybe in parts)
  var text = "";
  document.querySelectorAll('script[type="application/x-py2048-file"][data-path="engine-worker.js"]').forEach(function (part) {
    text += part.textContent;
    part.remove();
  });
  var binary = atob(text);
  var bytes = new Uint8Array(binary.length);
  for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  var source = new TextDecoder().decode(bytes);

  var oneFile = (window.py2048OneFile = {
    // Addresses under HOME never reach a network; every file is answered from memory.
    HOME: "https://py2048.invalid/",
    worker: null // the engine's worker, once client.js has asked for it
  });
  window.py2048EngineWorker = function (forced) {
    var address = oneFile.HOME + "assets/engine/worker.mjs" + (forced ? "?boot=" + forced : "");
    var prologue = "self.py2048WorkerUrl = " + JSON.stringify(address) + ";\n";
    var url = URL.createObjectURL(new Blob([prologue, source], { type: "text/javascript" }));
    oneFile.worker = new Worker(url, { name: "engine" });
    return oneFile.worker;
  };
})();
