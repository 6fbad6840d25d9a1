// Tables, lists and charts filled from plain data in one call each: MicroPython's
// bridge costs tens of microseconds per DOM call, and the Rankings dialog's tables and
// charts are many hundreds of them. Every value is set as text (textContent) or as an
// attribute, never as markup. Each takes the element's id and JSON text; a failure is
// logged, never thrown (MicroPython could not catch it).
(function () {
  "use strict";
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
  // The one button of a list in the tab order (a roving tab stop: a thousand moves are one
  // Tab, not a thousand), scrolled into its box's view, and focused if asked.
  function take(body, button, focus) {
    if (!button) return;
    var before = body.querySelector("button[tabindex='0']");
    if (before && before !== button) before.tabIndex = -1;
    button.tabIndex = 0;
    button.scrollIntoView({block: "nearest"});
    if (focus) button.focus();
  }
  // A review's rows from body.py2048Next on, CHUNK at a time, each chunk a task of its own
  // (a kept review brings a thousand rows at once: one task of them all was 60-80 ms).
  var CHUNK = 200;
  function fill(body) {
    var data = body.py2048Data, w = data.words;
    var end = Math.min(data.grades.length, body.py2048Next + CHUNK);
    var block = body.lastElementChild;
    for (var i = body.py2048Next; i < end; i++) {
      if (!block || i % BLOCK === 0) {
        block = document.createElement("div");
        block.setAttribute("role", "rowgroup");
        block.className = "move-block";
        body.appendChild(block);
      }
      block.appendChild(moveRow(data, w, i, !body.querySelector("button[tabindex='0']") && i === 0));
    }
    body.py2048Next = end;
    body.py2048Filling = end < body.py2048Data.grades.length;
    if (body.py2048Filling) setTimeout(function () { fill(body); }, 0);
  }
  function moveRow(data, w, i, first) {
    var tr = document.createElement("div");
    tr.setAttribute("role", "row");
    var played = data.played[i], better = data.better[i], grade = data.grades[i];
    tr.setAttribute("data-move", String(i + 1));
    tr.setAttribute("data-played", w.names[played] || "");
    tr.setAttribute("data-better", better === "." ? "" : (w.names[better] || ""));
    tr.setAttribute("data-grade", grade);
    tr.className = "move-row grade-" + grade + (i % 2 ? " even" : "");
    var head = document.createElement("span");
    head.setAttribute("role", "rowheader");
    var button = cell("button", String(i + 1));
    button.type = "button";
    button.className = "move-button";
    button.tabIndex = first ? 0 : -1;
    button.setAttribute("data-action", "review-show");
    button.setAttribute("data-move", String(i + 1));
    button.setAttribute("aria-label", w.show.replace("{n}", String(i + 1)));
    head.appendChild(button);
    tr.appendChild(head);
    [w[played] || "", w.grades[grade] || "", better === "." ? "" : (w[better] || ""),
     better === "." && data.keeps[i] !== "f" ? "" : (w.keeps[data.keeps[i]] || "")].forEach(function (text) {
      var one = cell("span", text);
      one.setAttribute("role", "cell");
      tr.appendChild(one);
    });
    return tr;
  }
  var BLOCK = 50;  // rows a block: what the page styles and lays out when it scrolls into view
  var STEPS = {ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10, Home: -1e9, End: 1e9};
  function along(body, event) {
    var step = STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    var buttons = body.querySelectorAll("button.move-button");
    var at = Array.prototype.indexOf.call(buttons, document.activeElement);
    if (at < 0 || !buttons.length) return;
    event.preventDefault();
    take(body, buttons[Math.max(0, Math.min(buttons.length - 1, at + step))], true);
  }
  window.py2048Dom = {
    // {rows: [[text, ...]], marked: [bool] | null, buttons: [button | [button, ...] | null] | null
    // (a button: [text, label, action, date]),
    // data: [[[name, value], ...]] | null}: a <tbody>'s rows, the first cell of each its row header;
    // a marked row gets class "mine"; with buttons, each row ends in a cell holding its button (if
    // any, or each of them); with data, each row gets its data-* attributes.
    rows: function (id, json) {
      filled(id, function (fragment) {
        var data = JSON.parse(json);
        data.rows.forEach(function (row, index) {
          var tr = document.createElement("tr");
          if (data.marked && data.marked[index]) tr.className = "mine";
          (data.data ? data.data[index] : []).forEach(function (p) { tr.setAttribute("data-" + p[0], p[1]); });
          row.forEach(function (value, i) {
            var td = cell(i === 0 ? "th" : "td", value);
            if (i === 0) td.setAttribute("scope", "row");
            tr.appendChild(td);
          });
          if (data.buttons) {
            var holder = document.createElement("td");
            var found = data.buttons[index] || [];
            (typeof found[0] === "string" ? [found] : found).forEach(function (one) {
              var button = cell("button", one[0]);
              button.type = "button";
              button.className = "button watch-row";
              button.setAttribute("aria-label", one[1]);
              button.setAttribute("data-action", one[2]);
              button.setAttribute("data-date", one[3]);
              holder.appendChild(button);
            });
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
    // A review's move list (game/ui/review_moves.py), appended from move `from` + 1 on (0: made
    // anew): {from, played, better, grades, keeps: a letter a move each; words: {l, r, u, d,
    // names: {l: "left", ...}, grades: {b: ...}, keeps: {c: ...}, show: "… {n} …"}}. A row a
    // move with the contract's data-* attributes; its number is a button (data-action
    // "review-show"), one of them in the tab order at a time (Up and Down move along them).
    moves: function (id, json) {
      try {
        var body = document.getElementById(id);
        var data = JSON.parse(json);
        if (!data.from) {
          body.replaceChildren();
          body.py2048Next = 0;
        }
        body.py2048Data = data;  // the newest letters hold every move so far
        if (!body.py2048Filling) fill(body);
        if (!body.py2048Keys) {
          body.py2048Keys = true;
          body.addEventListener("keydown", function (event) { along(body, event); });
        }
      } catch (e) { console.error("py2048Dom: " + id + ": " + e); }
    },
    // The move list's row `move` is the one the board shows (aria-current), the one in the tab
    // order, scrolled into view within its box, and focused if `focus`.
    current: function (id, move, focus) {
      try {
        var body = document.getElementById(id);
        var old = body.querySelector("[aria-current]");
        if (old) old.removeAttribute("aria-current");
        var row = body.querySelector("[data-move='" + Number(move) + "']");
        if (!row) return;
        row.setAttribute("aria-current", "true");
        take(body, row.querySelector("button"), focus);
      } catch (e) { console.error("py2048Dom: " + id + ": " + e); }
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
})();
