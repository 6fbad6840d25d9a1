// The original 2048's probe (installed before any page script). It has no data
// attributes: its tiles are the children of .tile-container, replaced as a whole on
// each animation frame that shows a new state. Times in ms after navigation start:
//   tiles       first tiles in .tile-container; tilesFrame: the next animation frame
//   firstMove   the first later change of the tiles (only a move or a restart makes one)
//   lat         per key press: keydown event.timeStamp → .tile-container childList change
//   frameLat    the same key → the next animation frame after that change
(() => {
  const b = (window.__bench = {
    tiles: null, tilesFrame: null, firstMove: null, lastKey: null, keys: 0, lat: [], frameLat: [],
    changes: 0,
  });
  addEventListener("keydown", (event) => {
    b.keys += 1;
    b.lastKey = event.timeStamp;
  }, true);
  document.addEventListener("DOMContentLoaded", () => {
    const box = document.querySelector(".tile-container");
    if (!box) return;
    let first = null;
    new MutationObserver(() => {
      const now = performance.now();
      if (!box.children.length) return;
      b.changes += 1;
      const shown = Array.from(box.children, (tile) => tile.className).join("|");
      if (b.tiles === null) {
        b.tiles = now;
        first = shown;
        requestAnimationFrame(() => { b.tilesFrame = performance.now(); });
        return;
      }
      if (b.firstMove === null && shown !== first) b.firstMove = now;
      if (b.lastKey !== null) {
        const key = b.lastKey;
        b.lastKey = null;
        b.lat.push(now - key);
        requestAnimationFrame(() => b.frameLat.push(performance.now() - key));
      }
    }).observe(box, { childList: true });
  });
})();
