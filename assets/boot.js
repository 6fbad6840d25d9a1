// The things the MicroPython UI cannot do for itself, kept as small as possible
// (the game's logic stays in Python):
// 1. Hear keys before Python runs (the first ~0.3 s of a visit): game/ui/app.py replays
//    them in order, then calls stop(). Only which key was pressed is recorded. And hand
//    MicroPython what its bridge would cut: the time, random words (py2048Time, py2048Random).
// 2. Survive a localStorage that throws (blocked storage, full quota): MicroPython in
//    PyScript cannot catch a JavaScript exception, so game/ui/store.py goes through
//    these guards, which turn every failure into a plain return value.
// 3. Share, copy, download and read files (game/ui/sharing.py, game/ui/transfer.py):
//    browser calls that throw or reject in ordinary cases (no permission, a cancelled
//    share sheet, an unreadable file) answer with a plain word instead.
// 4. Say that the game has failed, with a Reload button (#failure), and set
//    #game[data-status="error"]: for the UI when the engine fails (py2048Failure.show),
//    and by itself when the UI never starts (an error before stop(): its runtime could
//    not load). A UI that is only slow to start says so while it is slow.
(function () {
  "use strict";
  // The UI is up in a third of a second here; after this it says it is still loading.
  var UI_SLOW_MS = 8000;
  var uiStarted = false;
  var events = [];
  function field(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || !!(target && target.isContentEditable);
  }
  function record(event) {
    var arrow = event.key && event.key.indexOf("Arrow") === 0;
    if (arrow && !event.ctrlKey && !event.altKey && !event.metaKey) event.preventDefault();
    events.push({
      key: event.key || "", code: event.code || "", ctrl: event.ctrlKey, alt: event.altKey,
      meta: event.metaKey, shift: event.shiftKey, field: field(event.target)
    });
  }
  document.addEventListener("keydown", record);
  window.py2048EarlyInput = {
    events: events,
    field: field, // whether a key is typed into a field (the UI asks it of every key too)
    stop: function () {
      uiStarted = true;
      document.removeEventListener("keydown", record);
      window.removeEventListener("error", uiFailed, true);
      window.removeEventListener("unhandledrejection", uiFailed);
      clearTimeout(slowTimer);
      if (slowShown) {
        var notice = document.getElementById("notice");
        if (notice) notice.hidden = true;
      }
    }
  };

  var failure = (window.py2048Failure = {
    message: "", // what was shown, once something failed
    detail: "", // what failed, in the words of the code that failed (may be "")
    // A lasting message with "Reload", and under it what failed, as text; the board
    // stays as it is. Never throws.
    show: function (message, detail) {
      try {
        failure.message = message || "failed";
        failure.detail = detail || "";
        var game = document.getElementById("game");
        if (game) game.setAttribute("data-status", "error");
        var text = document.getElementById("failure-text");
        if (text && message) text.textContent = message;
        var why = document.getElementById("failure-detail");
        if (why) {
          why.textContent = failure.detail;
          why.hidden = !failure.detail;
        }
        var panel = document.getElementById("failure");
        if (panel) panel.hidden = false;
        var loading = document.getElementById("loading");
        if (loading) loading.hidden = true;
      } catch (e) {}
    }
  });
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("#failure-reload")) location.reload();
  });

  // Before the UI has started, these mean it never will: a script or style sheet of
  // the page that did not load, MicroPython's WebAssembly that could not be fetched or
  // run (Emscripten aborts), or PyScript unable to fetch the UI's Python files. Other
  // errors are not taken for a failure: PyScript reports, for one, that it cannot open
  // its package cache where site data is blocked, and starts all the same.
  function fatal(event) {
    var target = event.target;
    if (target && (target.tagName === "SCRIPT" || (target.tagName === "LINK" && target.rel === "stylesheet"))) {
      return "could not load " + (target.src || target.href);
    }
    var error = event.error || event.reason;
    var message = String((error && error.message) || event.message || "");
    if ((error && error.name === "RuntimeError") || /Aborted\(|WebAssembly|Unable to fetch/.test(message)) {
      return message;
    }
    return "";
  }
  function uiFailed(event) {
    if (uiStarted || failure.message) return;
    var why = fatal(event || {});
    if (!why) return;
    console.error("the page's script could not start: " + why);
    failure.show("");
  }
  window.addEventListener("error", uiFailed, true); // capture: resource errors too
  window.addEventListener("unhandledrejection", uiFailed);
  var slowShown = false;
  var slowTimer = setTimeout(function () {
    if (uiStarted || failure.message) return;
    var notice = document.getElementById("notice");
    var text = document.getElementById("failure");
    if (!notice || !text) return;
    notice.textContent = text.getAttribute("data-slow") || "";
    notice.hidden = false;
    slowShown = true;
  }, UI_SLOW_MS);

  // Text as a JSON string literal in plain ASCII (see readExact).
  function quote(text) {
    return JSON.stringify(text).replace(/[\u007f-\uffff]/g, function (c) {
      return "\\u" + ("000" + c.charCodeAt(0).toString(16)).slice(-4);
    });
  }

  // A stored item as the page judges it: cut just past `cap` characters (too long to be
  // valid all the same); null when there is none. Throws when storage does.
  function capped(key, cap) {
    var value = window.localStorage.getItem(key);
    if (typeof value !== "string") return null;
    return value.length > cap ? value.slice(0, cap + 1) : value;
  }

  window.py2048Storage = {
    // true when items can be written and removed
    probe: function (key) {
      try {
        window.localStorage.setItem(key, "1");
        window.localStorage.removeItem(key);
        return true;
      } catch (e) { return false; }
    },
    // The stored text as a JSON string literal in plain ASCII, so that it reaches the
    // engine exactly as stored: MicroPython's bridge cuts a string at a NUL character
    // and drops a leading byte-order mark, which would let the engine judge other text
    // than the one in storage. "" for a missing item; false when storage failed. Text
    // longer than `cap` comes cut to cap + 1 characters: too long to be valid all the
    // same, and a huge item never floods MicroPython's memory.
    readExact: function (key, cap) {
      try {
        var value = capped(key, cap);
        return value === null ? "" : quote(value);
      } catch (e) { return false; }
    },
    // Compare a stored item with a text on this side, so that a check before each write
    // never carries a whole stored game into MicroPython. The item is taken as
    // readExact gives it (cut past `cap`). holds: true when it is stored and is `text`;
    // differs: true when it is stored and is not `known` (null or undefined: any item).
    // Both false when storage failed.
    holds: function (key, text, cap) {
      try {
        var value = capped(key, cap);
        return value !== null && value === text;
      } catch (e) { return false; }
    },
    differs: function (key, known, cap) {
      try {
        var value = capped(key, cap);
        return value !== null && (known == null || value !== known);
      } catch (e) { return false; }
    },
    // Keep a copy of item `from` under `to`, verbatim, if it is at most `cap` characters
    // (a rejected save, for diagnosis: one at most, never a huge one). true when kept.
    setAside: function (from, to, cap) {
      try {
        var value = window.localStorage.getItem(from);
        if (typeof value === "string" && value.length <= cap) {
          window.localStorage.setItem(to, value);
          return true;
        }
        window.localStorage.removeItem(to);
        return false;
      } catch (e) { return false; }
    },
    // true when written
    write: function (key, value) {
      try {
        window.localStorage.setItem(key, value);
        return true;
      } catch (e) { return false; }
    },
    // true when the item is gone (or was never there)
    remove: function (key) {
      try {
        window.localStorage.removeItem(key);
        return true;
      } catch (e) { return false; }
    }
  };

  // Copy without the async clipboard (refused without permission or focus): the
  // selection of an off-screen text area, the way pages did before it.
  function copyBySelection(text) {
    var area = document.createElement("textarea");
    try {
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      (document.querySelector("dialog[open]") || document.body).appendChild(area);
      area.select();
      return document.execCommand("copy");
    } catch (e) {
      return false;
    } finally {
      if (area.parentNode) area.parentNode.removeChild(area);
    }
  }

  function copy(text) {
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) {
        return navigator.clipboard.writeText(text).then(
          function () { return "copied"; },
          function () { return copyBySelection(text) ? "copied" : "failed"; }
        );
      }
    } catch (e) {}
    return Promise.resolve(copyBySelection(text) ? "copied" : "failed");
  }

  window.py2048Share = {
    // Resolves (never rejects) with "shared", "cancelled", "copied" or "failed". The
    // share sheet where the device has one and is touch-first (phones, tablets);
    // elsewhere the clipboard, which is what a desktop player expects.
    share: function (text) {
      try {
        var touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
        if (touch && navigator.share) {
          return navigator.share({ text: text }).then(
            function () { return "shared"; },
            function (error) {
              return error && error.name === "AbortError" ? "cancelled" : copy(text);
            }
          );
        }
      } catch (e) {}
      return copy(text);
    }
  };

  // Minutes east of UTC here and now, for dates shown in the player's own day; and the
  // time since 1970 in ms, as text: MicroPython's bridge reads a whole JavaScript number
  // as a 32-bit integer, which Date.now() is not.
  window.py2048Time = {
    offsetMinutes: function () {
      try { return -new Date().getTimezoneOffset(); } catch (e) { return 0; }
    },
    now: function () {
      return String(Date.now());
    }
  };

  // Run a MicroPython callback once the page is idle (a frame done and no input
  // waiting), or within a second at the latest; where there is no requestIdleCallback
  // (Safari), shortly after. The callback gets no argument: nothing to carry across.
  window.py2048Idle = function (callback) {
    try {
      if (window.requestIdleCallback) {
        window.requestIdleCallback(function () { callback(); }, { timeout: 1000 });
        return;
      }
    } catch (e) {}
    window.setTimeout(function () { callback(); }, 50);
  };

  // Random 32-bit words for the page's own game before the engine runs (a fresh game's
  // tiles, every spawn): crypto.getRandomValues, as text for the same reason.
  window.py2048Random = {
    words: function (count) {
      var words = new Uint32Array(count);
      crypto.getRandomValues(words);
      return Array.prototype.join.call(words, ",");
    }
  };

  // Result codes (game/replay.py) from a link's fragment or the Check dialog: cut to the
  // engine's cap plus one character (so an over-long text is still refused as such,
  // unread) and quoted like readExact, so that a hostile megabyte never crosses into
  // MicroPython and every character that does crosses exactly. "" for none.
  var MAX_CODE_TEXT = 140000; // above game/replay.py MAX_INPUT; the dialog's maxlength
  window.py2048Replay = {
    fragment: function () {
      try {
        var hash = String(window.location.hash || "");
        if (hash.indexOf("#replay=") !== 0) return "";
        return quote(hash.slice(0, MAX_CODE_TEXT + 1));
      } catch (e) { return ""; }
    },
    pasted: function (id) {
      try {
        var value = String(document.getElementById(id).value || "");
        return value ? quote(value.slice(0, MAX_CODE_TEXT + 1)) : "";
      } catch (e) { return ""; }
    }
  };

  var MAX_IMPORT_BYTES = 5000000; // the engine reads no longer file (game/transfer.py)
  var chosenFile = ""; // the chosen file's text, quoted, for the engine (py2048Board)
  window.py2048Files = {
    // Save `text` as a file named `name`; true when the download was started.
    download: function (name, text) {
      try {
        var url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
        var link = document.createElement("a");
        link.href = url;
        link.download = name;
        link.hidden = true;
        document.body.appendChild(link);
        link.click();
        link.parentNode.removeChild(link);
        setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
        return true;
      } catch (e) { return false; }
    },
    // Open the file chooser of an <input type="file">.
    pick: function (id) {
      try {
        var input = document.getElementById(id);
        input.value = "";
        input.click();
        return true;
      } catch (e) { return false; }
    },
    // Read the chosen file: "@file" once its text is kept here, quoted like readExact,
    // for the engine (py2048Board.call puts it in: megabytes never cross into
    // MicroPython); "!none", "!too-big" or "!unreadable" instead. Never rejects.
    read: function (id) {
      try {
        var input = document.getElementById(id);
        var file = input && input.files && input.files[0];
        if (!file) return Promise.resolve("!none");
        if (file.size > MAX_IMPORT_BYTES) return Promise.resolve("!too-big");
        return file.text().then(function (text) {
          chosenFile = quote(text);
          return "@file";
        }, function () { return "!unreadable"; });
      } catch (e) {
        return Promise.resolve("!unreadable");
      }
    }
  };

  // Tables, lists and charts filled from plain data in one call each: MicroPython's
  // bridge costs tens of microseconds per DOM call, and the Rankings dialog's tables and
  // charts are many hundreds of them. Every value is set as text (textContent) or as an
  // attribute, never as markup. Each takes the element's id and JSON text; a failure is
  // logged, never thrown (MicroPython could not catch it).
  var SVG = "http://www.w3.org/2000/svg";
  function filled(id, make) {
    try {
      var target = document.getElementById(id);
      var fragment = document.createDocumentFragment();
      make(fragment);
      target.replaceChildren(fragment);
    } catch (e) { console.error("py2048Dom: " + id + ": " + e); }
  }
  function cell(tag, text) {
    var element = document.createElement(tag);
    element.textContent = text;
    return element;
  }
  window.py2048Dom = {
    // {rows: [[text, ...]], marked: [bool] | null, buttons: [[text, label, action, date] | null] | null}:
    // a <tbody>'s rows, the first cell of each its row header; a marked row gets class
    // "mine"; with buttons, each row ends in a cell holding its button (if any).
    rows: function (id, json) {
      filled(id, function (fragment) {
        var data = JSON.parse(json);
        data.rows.forEach(function (row, index) {
          var tr = document.createElement("tr");
          if (data.marked && data.marked[index]) tr.className = "mine";
          row.forEach(function (value, i) {
            var td = cell(i === 0 ? "th" : "td", value);
            if (i === 0) td.setAttribute("scope", "row");
            tr.appendChild(td);
          });
          if (data.buttons) {
            var holder = document.createElement("td");
            var found = data.buttons[index];
            if (found) {
              var button = cell("button", found[0]);
              button.type = "button";
              button.className = "button watch-row";
              button.setAttribute("aria-label", found[1]);
              button.setAttribute("data-action", found[2]);
              button.setAttribute("data-date", found[3]);
              holder.appendChild(button);
            }
            tr.appendChild(holder);
          }
          fragment.appendChild(tr);
        });
      });
    },
    // [text, ...]: a head row of column headers.
    head: function (id, json) {
      filled(id, function (fragment) {
        JSON.parse(json).forEach(function (name) {
          var th = cell("th", name);
          th.setAttribute("scope", "col");
          fragment.appendChild(th);
        });
      });
    },
    // [text, ...]: a list's items.
    items: function (id, json) {
      filled(id, function (fragment) {
        JSON.parse(json).forEach(function (line) { fragment.appendChild(cell("li", line)); });
      });
    },
    // [[colour class, name], ...]: a chart's legend.
    legend: function (id, json) {
      filled(id, function (fragment) {
        JSON.parse(json).forEach(function (entry) {
          var item = document.createElement("li");
          var swatch = document.createElement("span");
          swatch.className = "swatch-line " + entry[0];
          swatch.setAttribute("aria-hidden", "true");
          item.appendChild(swatch);
          item.appendChild(document.createTextNode(entry[1]));
          fragment.appendChild(item);
        });
      });
    },
    // [[tag, [[attribute, value], ...], text], ...]: an SVG's shapes (game/ui/charts.py).
    shapes: function (id, json) {
      filled(id, function (fragment) {
        JSON.parse(json).forEach(function (shape) {
          var element = document.createElementNS(SVG, shape[0]);
          shape[1].forEach(function (pair) { element.setAttribute(pair[0], pair[1]); });
          if (shape[2]) element.textContent = shape[2];
          fragment.appendChild(element);
        });
      });
    }
  };

  // The friends' board (game/rankings.py) can be a megabyte, and so can an import
  // file: they go from storage (or the file) to the engine, and the engine's board
  // document back into storage, without crossing into MicroPython. call(name, ...args)
  // is py2048Engine.call with "@board" replaced by the stored board (quoted like
  // readExact; "" for none, or when storage fails: the engine keeps its own; "@known"
  // when storage holds exactly the text the engine last read or wrote, which it then
  // need not be sent again) and "@file" by the chosen file. A reply's `save` is stored
  // here and replaced by `stored` (true, or false when storage refused it).
  var BOARD_KEY = "py2048:rankings";
  var MAX_BOARD_TEXT = 1600000; // above game/rankings.py MAX_TEXT
  var lastBoard = null; // the board text the engine last read or wrote
  window.py2048Board = {
    call: function (name) {
      var args = Array.prototype.slice.call(arguments, 1).map(function (arg) {
        if (arg === "@file") return chosenFile;
        if (arg !== "@board") return arg;
        try {
          var value = capped(BOARD_KEY, MAX_BOARD_TEXT);
          if (value !== null && value === lastBoard) return "@known";
          lastBoard = value;
          return value === null ? "" : quote(value);
        } catch (e) {
          lastBoard = null;
          return "";
        }
      });
      var answer = window.py2048Engine.call.apply(null, [name].concat(args));
      return answer.then(function (text) {
        if (text.indexOf('"save": "') < 0) return text; // no board to store: as it is
        var reply = JSON.parse(text);
        if (typeof reply.save === "string" && reply.save) {
          try {
            window.localStorage.setItem(BOARD_KEY, reply.save);
            lastBoard = reply.save;
            reply.stored = true;
          } catch (e) {
            lastBoard = null;
            reply.stored = false;
          }
        }
        delete reply.save;
        return JSON.stringify(reply);
      });
    }
  };
})();
