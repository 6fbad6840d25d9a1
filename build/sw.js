// The built site's service worker (template: build/site.mjs fills in RELEASE, FILES
// and ON_DEMAND and writes it to the site's root as sw.js; docs/offline.md).
//
// It keeps every file the page loads in one cache named for the release, answers
// those files from it (so the game starts and plays with the network gone), and
// leaves every other request to the network. The files the page loads on demand
// (ON_DEMAND: the solver's network, megabytes asked for when a 4x4 search first needs
// it) are kept too, fetched after the others and never failing the install; one the
// install could not get is kept when first fetched through the worker. A new release
// installs beside the old one and waits: the page offers a reload (assets/offline.js)
// and only then is it told to take over, so a game is never switched under the player.
"use strict";

const RELEASE = "__RELEASE__";
// Paths relative to this file, which sits at the site's root: the site works under
// any sub-path. "index.html" is also the answer to every navigation in scope.
const FILES = ["__FILES__"];
const ON_DEMAND = ["__ON_DEMAND__"];
const PREFIX = "py2048-";
const CACHE = PREFIX + RELEASE;
const INDEX = new URL("index.html", self.location).href;
const SCOPE = new URL("./", self.location).href;
// Compared without the query: ?engine=plain, ?boot=snapshot name the same file.
const KEPT = new Set(FILES.concat(ON_DEMAND).map((file) => new URL(file, self.location).href));
const KEPT_ON_DEMAND = new Set(ON_DEMAND.map((file) => new URL(file, self.location).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server rather than trust the HTTP cache, which
      // may still hold the previous release's files (a 304 costs no download).
      await cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })));
      const index = await cache.match(INDEX);
      if (index) await cache.put(SCOPE, index);
      // Then the files the page fetches on demand, after the others (and the page
      // registers this worker only once it has loaded and its engine started:
      // assets/offline.js), each on its own: one that cannot be fetched now is no
      // reason to keep the release from playing offline.
      await Promise.all(
        ON_DEMAND.map(async (file) => {
          try {
            const response = await fetch(new Request(file, { cache: "no-cache" }));
            if (response.status !== 200) throw new Error(`answered ${response.status}`);
            await cache.put(file, response);
          } catch (error) {
            console.warn(`py2048: ${file} is not kept for offline play yet (${error})`);
          }
        }),
      );
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      await Promise.all(older.map((name) => caches.delete(name)));
      // With no older release this is the first visit: take the page that registered
      // the worker now, so it works offline without a reload. After an update the
      // page asked for the switch itself (skipWaiting below) and reloads.
      if (!older.length) await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "py2048-take-over") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  let key = null;
  if (KEPT.has(url.href)) key = url.href;
  else if (request.mode === "navigate" && url.href.startsWith(SCOPE)) key = INDEX;
  if (!key) return; // not ours: the network answers as if there were no worker
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(key);
      if (!cached && KEPT_ON_DEMAND.has(key)) {
        // A file fetched on demand that the install could not get: kept as it comes (the page reads one
        // copy of the response, the cache the other), the worker alive until it is.
        const response = await fetch(request);
        if (response.status === 200) event.waitUntil(cache.put(key, response.clone()).catch(() => {}));
        return response;
      }
      if (!cached) return fetch(request);
      if (cached.url === request.url) return cached;
      // A copy without the cached address, so the page sees the address it asked for:
      // a module takes import.meta.url from the response (the engine worker reads its
      // ?boot= there), and a navigation keeps its own query string.
      return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers: cached.headers });
    })(),
  );
});
