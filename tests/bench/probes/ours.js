// Our page's probe (installed before any page script). Times, in ms after navigation
// start (performance.now()), from the page's contract (#game data attributes):
//   tiles       first tile in #tiles; tilesFrame: the next animation frame after it
//   ready       data-status left "loading" (the board can be played); status: what it became
//   engine      data-engine left "starting" (the engine took the game over); boot: how it started
//   firstMove   data-moves grew past its value at `ready` (a key moved the board; keys
//               pressed while the page started may move it in the very task that shows
//               the first game, so each change's value is read from the records, in order)
//   lat         per key press: keydown event.timeStamp → data-board changed
//   frameLat    the same key → the next animation frame after that change
//   task        per key press once playable: main-thread time of its handling, from this
//               first listener (window, capture) to the last (window, bubbling): every
//               handler on the way and their microtasks; rendering is not in it
(() => {
  const b = (window.__bench = {
    tiles: null, tilesFrame: null, ready: null, status: null, engine: null, boot: null, firstMove: null,
    lastKey: null, keys: 0, lat: [], frameLat: [], task: [],
  });
  addEventListener("keydown", (event) => {
    b.keys += 1;
    b.lastKey = event.timeStamp;
    b.keyStart = b.ready === null ? null : performance.now();
  }, true);
  addEventListener("keydown", () => {
    if (b.keyStart !== null && b.keyStart !== undefined) b.task.push(performance.now() - b.keyStart);
    b.keyStart = null;
  });
  document.addEventListener("DOMContentLoaded", () => {
    const game = document.getElementById("game");
    const tiles = document.getElementById("tiles");
    new MutationObserver(() => {
      if (b.tiles === null && tiles.querySelector(".tile")) {
        b.tiles = performance.now();
        requestAnimationFrame(() => { b.tilesFrame = performance.now(); });
      }
    }).observe(tiles, { childList: true });
    let movesAtReady = null;
    // What data-moves held just after records[i]: the old value of its next change in
    // this batch, else its value now (the callback runs after the task that made them).
    const movesAfter = (records, i) => {
      for (let j = i + 1; j < records.length; j += 1) {
        if (records[j].attributeName === "data-moves") return Number(records[j].oldValue);
      }
      return Number(game.dataset.moves);
    };
    new MutationObserver((records) => {
      const now = performance.now();
      records.forEach((r, i) => {
        if (r.attributeName === "data-engine" && b.engine === null &&
            game.dataset.engine && game.dataset.engine !== "starting") {
          b.engine = now;
          b.boot = game.dataset.engine;
        } else if (r.attributeName === "data-status" && b.ready === null && game.dataset.status !== "loading") {
          b.ready = now;
          b.status = game.dataset.status;
          movesAtReady = movesAfter(records, i);
        } else if (r.attributeName === "data-moves" && b.firstMove === null && movesAtReady !== null &&
                   movesAfter(records, i) > movesAtReady) {
          b.firstMove = now;
        } else if (r.attributeName === "data-board" && b.lastKey !== null && b.ready !== null) {
          const key = b.lastKey;
          b.lastKey = null;
          b.lat.push(now - key);
          requestAnimationFrame(() => b.frameLat.push(performance.now() - key));
        }
      });
    }).observe(game, { attributes: true, attributeOldValue: true,
                       attributeFilter: ["data-status", "data-engine", "data-moves", "data-board"] });
  });
})();
