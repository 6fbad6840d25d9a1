// The one offline file's second loader (dist/2048.html, built by build/onefile.mjs):
// inline at the end of <body>, after the embedded files (build/onefile/head.js, in
// <head>, makes the engine's worker when the UI asks for it).
//
// Opened from disk (file://), Chromium refuses module scripts and fetches of files, so
// every file the site would download travels inside the page, gzip + base64, in
// <script type="application/x-py2048-file" data-path="…"> elements. This script:
// - sends the engine's worker its files (Pyodide, the engine's Python), still packed;
// - answers the page's own fetches (PyScript asking for pyscript.toml and the UI's
//   Python files, MicroPython asking for its wasm) from those bytes;
// - starts PyScript, bundled into one module, from a blob: URL.
// Nothing here is a patch to PyScript or Pyodide: they ask for files as usual and get
// them from memory. Served over http the same file behaves the same way.
(function () {
  "use strict";
  var oneFile = window.py2048OneFile;
  var HOME = oneFile.HOME;
  var files = {};
  // (a big file comes in parts, one element each, in order: build/onefile.mjs)
  var parts = {};
  document.querySelectorAll('script[type="application/x-py2048-file"]').forEach(function (element) {
    var path = element.dataset.path;
    if (element.dataset.type) {
      files[path] = { type: element.dataset.type, sides: element.dataset.sides.split(" ") }; // "page", "engine" or both
      parts[path] = [];
    }
    parts[path].push(element.textContent);
    element.remove(); // the page's copy of the text is not needed twice
  });
  Object.keys(files).forEach(function (path) { files[path].text = parts[path].join(""); });

  function bytesOf(text) {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function inflate(text) {
    var stream = new Blob([bytesOf(text)]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  }

  var cache = {};
  function contentOf(path) {
    if (!cache[path]) cache[path] = inflate(files[path].text);
    return cache[path];
  }

  // The path of an embedded file that `url` names (relative to this page, or under
  // HOME), or null.
  var base = document.baseURI.replace(/[?#].*$/, "").replace(/[^/]*$/, "");
  function pathOf(url) {
    var href;
    try {
      href = new URL(url, document.baseURI).href;
    } catch (error) {
      return null;
    }
    var path = null;
    href = href.replace(/[?#].*$/, "");
    if (href.indexOf(HOME) === 0) path = href.slice(HOME.length);
    else if (href.indexOf(base) === 0) path = href.slice(base.length);
    return path !== null && files[path] && files[path].sides.indexOf("page") >= 0 ? path : null;
  }

  var networkFetch = window.fetch.bind(window);
  window.fetch = function (input, init) {
    var path = pathOf(typeof input === "string" || input instanceof URL ? String(input) : input.url);
    if (path === null) return networkFetch(input, init);
    return contentOf(path).then(function (buffer) {
      return new Response(buffer, { headers: { "Content-Type": files[path].type } });
    });
  };

  function blobUrl(path) {
    return contentOf(path).then(function (buffer) {
      return URL.createObjectURL(new Blob([buffer], { type: files[path].type }));
    });
  }

  // The engine's files, to the worker head.js makes (now, or once the UI asks for it).
  var engineFiles = {};
  Object.keys(files).forEach(function (path) {
    if (files[path].sides.indexOf("engine") >= 0) engineFiles[path] = { type: files[path].type, text: files[path].text };
  });
  oneFile.engineFiles = engineFiles;
  oneFile.deliver();

  // PyScript itself, bundled into one module. It imports MicroPython from the address
  // pyscript.toml names (HOME + "micropython.mjs"), which the page's import map turns
  // into a data: URL, and asks for the wasm beside it, which the fetch above answers.
  blobUrl("pyscript.js").then(function (url) {
    var pyscript = document.createElement("script");
    pyscript.type = "module";
    pyscript.src = url;
    document.head.appendChild(pyscript);
  });
})();
