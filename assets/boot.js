// The two things the MicroPython UI cannot do for itself, kept as small as possible
// (the game's logic stays in Python):
// 1. Hear keys before Python runs (the first ~0.3 s of a visit): game/ui/app.py replays
//    them in order, then calls stop(). Only which key was pressed is recorded.
// 2. Survive a localStorage that throws (blocked storage, full quota): MicroPython in
//    PyScript cannot catch a JavaScript exception, so game/ui/store.py goes through
//    these guards, which turn every failure into a plain return value.
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

  window.py2048Storage = {
    // true when items can be written and removed
    probe: function (key) {
      try {
        window.localStorage.setItem(key, "1");
        window.localStorage.removeItem(key);
        return true;
      } catch (e) { return false; }
    },
    // the stored text; "" for a missing item; false when storage failed
    read: function (key) {
      try {
        var value = window.localStorage.getItem(key);
        return typeof value === "string" ? value : "";
      } catch (e) { return false; }
    },
    // true when written
    write: function (key, value) {
      try {
        window.localStorage.setItem(key, value);
        return true;
      } catch (e) { return false; }
    }
  };
})();
