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
