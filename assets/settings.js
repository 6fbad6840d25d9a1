// Applies the saved look and the player's language before the first paint.
// - Theme, animation speed and tile colours become attributes of <html> (style.css
//   reads them), so a player who chose dark never sees a light flash.
// - The language: the one chosen in Settings, else the first of the browser's
//   languages (navigator.languages) the game speaks, else English. <html lang> follows
//   at once; for another language than English the page stays hidden
//   (html[data-translating], style.css) until its strings (assets/lang/<code>.json, one
//   data file per language) are on every element that names one (data-i18n,
//   data-i18n-attr): no flash of English. The strings stay in window.py2048Lang for
//   the MicroPython UI, which owns the settings from then on (game/ui/preferences.py).
// Runs before anything else and never throws: storage may be blocked, a file may fail
// to load (then the page shows in English, after at most HIDE_MS).
(function () {
  "use strict";
  var LANGUAGES = ["en", "ca", "pt", "nl"];
  var HIDE_MS = 3000;
  var ALLOWED = {
    theme: ["light", "dark", "contrast"],
    animations: ["fast", "off"],
    palette: ["sunrise", "lagoon", "nebula", "meadow"]
  };
  var ATTRIBUTES = { theme: "data-theme", animations: "data-motion", palette: "data-palette" };
  var root = document.documentElement;

  function saved() {
    try {
      var text = window.localStorage.getItem("py2048:settings");
      if (!text || text.length > 10000) return {};
      var data = JSON.parse(text);
      return data && data.format === "py2048-settings" ? data : {};
    } catch (e) {
      return {};
    }
  }

  // The language to show: a choice made in Settings, else the browser's.
  function pick(choice) {
    if (LANGUAGES.indexOf(choice) >= 0) return choice;
    var wanted = [];
    try { wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]; } catch (e) {}
    for (var i = 0; i < wanted.length; i++) {
      var primary = String(wanted[i] || "").toLowerCase().split("-")[0];
      if (LANGUAGES.indexOf(primary) >= 0) return primary;
    }
    return "en";
  }

  // A language's strings: embedded in the page (the one offline file carries them as
  // <script type="application/json" data-py2048-lang>), else fetched from the site.
  function load(code) {
    try {
      var embedded = document.querySelector('script[data-py2048-lang="' + code + '"]');
      if (embedded) return Promise.resolve(JSON.parse(embedded.textContent));
      return fetch("assets/lang/" + code + ".json").then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      });
    } catch (e) {
      return Promise.reject(e);
    }
  }

  // Every element that names a string gets it, as text (never as HTML).
  function apply(strings) {
    var named = document.querySelectorAll("[data-i18n]");
    for (var i = 0; i < named.length; i++) {
      var text = strings[named[i].getAttribute("data-i18n")];
      if (typeof text === "string") named[i].textContent = text;
    }
    var attributed = document.querySelectorAll("[data-i18n-attr]");
    for (var j = 0; j < attributed.length; j++) {
      var pairs = attributed[j].getAttribute("data-i18n-attr").split(" ");
      for (var k = 0; k < pairs.length; k++) {
        var pair = pairs[k].split(":");
        if (pair.length === 2 && typeof strings[pair[1]] === "string") {
          attributed[j].setAttribute(pair[0], strings[pair[1]]);
        }
      }
    }
    if (typeof strings.page_title === "string") document.title = strings.page_title;
    labelGrid(strings);
  }

  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? String(values[name]) : all;
    });
  }

  // The board's grid as the page arrives: every cell empty (the UI labels the cells
  // with their tiles from then on, in the language in use: game/ui/view.py).
  function labelGrid(strings) {
    var grid = document.getElementById("cells");
    var game = document.getElementById("game");
    if (!grid || !game || game.getAttribute("data-status") !== "loading") return;
    if (typeof strings.board_label !== "string" || typeof strings.cell_empty !== "string") return;
    var rows = grid.querySelectorAll('[role="row"]');
    grid.setAttribute("aria-label", fill(strings.board_label, { n: rows.length }));
    for (var r = 0; r < rows.length; r++) {
      var cells = rows[r].querySelectorAll('[role="gridcell"]');
      for (var c = 0; c < cells.length; c++) {
        cells[c].setAttribute("aria-label", fill(strings.cell_empty, { row: r + 1, col: c + 1 }));
      }
    }
  }

  function whenParsed(then) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then);
    else then();
  }

  var lang = (window.py2048Lang = {
    code: "en",
    strings: null, // the strings in use, once loaded
    ready: null, // resolves with the code once the strings are on the page
    // Switch to `choice` ("auto" or a code): resolves with the code in use.
    use: function (choice) {
      var code = pick(choice);
      return load(code).then(null, function (error) {
        console.error("strings for " + code + " could not load: " + error);
        if (code === "en") return {};
        code = "en"; // the page's own text is English: say so in <html lang>
        return load("en").then(null, function () { return {}; });
      }).then(function (strings) {
        return new Promise(function (resolve) {
          whenParsed(function () {
            try {
              lang.code = code;
              lang.strings = strings;
              root.setAttribute("lang", code);
              apply(strings);
            } catch (e) {}
            root.removeAttribute("data-translating");
            resolve(code);
          });
        });
      });
    }
  });

  // The browser's own bar (theme-color) takes the page's colour: the system's light or
  // dark one, unless a theme is chosen. The UI calls this again when the theme changes.
  var BAR = { light: "#faf6ee", dark: "#17141f", contrast: "#000000" };
  window.py2048ThemeColor = function (theme) {
    try {
      var metas = document.querySelectorAll('meta[name="theme-color"]');
      for (var i = 0; i < metas.length; i++) {
        var scheme = /dark/.test(metas[i].getAttribute("media") || "") ? "dark" : "light";
        metas[i].setAttribute("content", BAR[theme] || BAR[scheme]);
      }
    } catch (e) {}
  };

  var data = saved();
  Object.keys(ALLOWED).forEach(function (name) {
    if (ALLOWED[name].indexOf(data[name]) >= 0) root.setAttribute(ATTRIBUTES[name], data[name]);
  });
  if (ALLOWED.theme.indexOf(data.theme) >= 0) window.py2048ThemeColor(data.theme);
  var first = pick(data.language);
  root.setAttribute("lang", first);
  if (first !== "en") {
    root.setAttribute("data-translating", "");
    setTimeout(function () { root.removeAttribute("data-translating"); }, HIDE_MS);
  }
  lang.ready = lang.use(data.language);
})();
