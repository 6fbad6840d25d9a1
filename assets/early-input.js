// Keeps the key presses made before Python is running (the first ~0.3 s of a visit),
// so none is lost: game/ui/app.py replays them in order, then calls stop().
// It records only which key was pressed; the game's rules stay in Python.
(function () {
  "use strict";
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
      meta: event.metaKey, field: field(event.target)
    });
  }
  document.addEventListener("keydown", record);
  window.py2048EarlyInput = {
    events: events,
    stop: function () { document.removeEventListener("keydown", record); }
  };
})();
