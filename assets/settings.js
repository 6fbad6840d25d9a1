// Applies the saved look before the first paint: theme, animation speed and tile
// colours become attributes of <html> (style.css reads them), so a player who chose
// dark never sees a light flash. Runs before anything else, and never throws: storage
// may be blocked. The UI (game/ui/preferences.py) owns the settings from then on and
// validates them fully; here an unknown value is simply not applied.
(function () {
  "use strict";
  var ALLOWED = {
    theme: ["light", "dark", "contrast"],
    animations: ["fast", "off"],
    palette: ["sunrise", "lagoon", "nebula", "meadow"]
  };
  var ATTRIBUTES = { theme: "data-theme", animations: "data-motion", palette: "data-palette" };
  try {
    var text = window.localStorage.getItem("py2048:settings");
    if (!text || text.length > 10000) return;
    var data = JSON.parse(text);
    if (!data || data.format !== "py2048-settings") return;
    var root = document.documentElement;
    Object.keys(ALLOWED).forEach(function (name) {
      if (ALLOWED[name].indexOf(data[name]) >= 0) root.setAttribute(ATTRIBUTES[name], data[name]);
    });
  } catch (error) {}
})();
