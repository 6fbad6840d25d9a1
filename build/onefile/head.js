// The one offline file's first loader (dist/2048.html, build/onefile.mjs), inline in
// <head> right before assets/engine/client.js.
//
// It makes the worker client.js asks for (when the page's UI starts it, as on the site):
// a classic worker from a blob (the only kind a file:// page may start), whose source is
// the element just before this script. The worker opens its IndexedDB and starts
// reading a snapshot kept there at once; the files it needs from the page (Pyodide, the
// engine's Python) come in one message, as soon as both the worker and the files (read
// by build/onefile/page.js once the parser has reached them) are there.
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
    worker: null, // the engine's worker, once client.js has asked for it
    engineFiles: null, // the files it needs, once build/onefile/page.js has read them
    delivered: null, // the worker they were handed to
    // Hand the worker its files once both are there (whichever comes last calls it).
    deliver: function () {
      if (oneFile.worker && oneFile.engineFiles && oneFile.delivered !== oneFile.worker) {
        oneFile.worker.postMessage({ files: oneFile.engineFiles });
        oneFile.delivered = oneFile.worker;
      }
    },
    // The engine is ready (assets/engine/client.js): its files are not needed again. Until
    // then they are kept, for a worker made again when the first one's start never came.
    ready: function () {
      oneFile.engineFiles = null;
    }
  });
  window.py2048EngineWorker = function (forced) {
    var address = oneFile.HOME + "assets/engine/worker.mjs" + (forced ? "?boot=" + forced : "");
    var prologue = "self.py2048WorkerUrl = " + JSON.stringify(address) + ";\n";
    var url = URL.createObjectURL(new Blob([prologue, source], { type: "text/javascript" }));
    oneFile.worker = new Worker(url, { name: "engine" });
    oneFile.deliver();
    return oneFile.worker;
  };
})();
