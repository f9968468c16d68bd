/* The site's service worker: keeps "Play a hand" for later visits and for
 * offline play. Registered by play.js (at the site's root, its scope the site
 * and nothing more) once the reader shows intent to play; it acts only on
 * GET requests for the site's own addresses, never on another site's.
 *
 * - The player's files (assets/play.js, assets/play-worker.js, assets/play/,
 *   assets/pyodide/) come from the cache first: they change only with the
 *   build's VERSION (a digest of those files, written in by the build), and a
 *   new version empties the old cache.
 * - Every other page or file of the site comes from the network first, and
 *   from the cache when the network fails (offline), so that a page once
 *   seen opens and plays again without a connection.
 * - A message {keep: [addresses]} (from play.js) puts those addresses into
 *   the cache (the files fetched before this worker ran); it answers on the
 *   message's port {kept, of}.
 */

const VERSION = "@VERSION@";
const SCOPE = self.registration.scope;
const PREFIX = "rulebook " + SCOPE + " ";
const CACHE = PREFIX + VERSION;
// At most this many addresses kept on one message (a page and its files are a few dozen).
const MAX_KEEP = 500;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function ours(url) {
  return url.startsWith(SCOPE) && !url.slice(SCOPE.length).startsWith("livereload");
}

function fixed(url) {
  const path = url.slice(SCOPE.length).split("?")[0];
  return path === "assets/play.js" || path === "assets/play-worker.js" || path.startsWith("assets/play/")
    || path.startsWith("assets/pyodide/");
}

function keepable(response) {
  return response.ok && response.type === "basic" && response.status === 200;
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (keepable(response)) await cache.put(request.url.split("?")[0], response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (keepable(response)) await cache.put(request.url.split("#")[0], response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(request, { ignoreVary: true });
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !ours(request.url) || request.headers.has("range")) return;
  event.respondWith(fixed(request.url) ? cacheFirst(request) : networkFirst(request));
});

self.addEventListener("message", (event) => {
  const asked = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  const urls = asked.filter(u => typeof u === "string" && ours(u)).slice(0, MAX_KEEP);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let kept = 0;
    for (const url of urls) {
      const key = fixed(url) ? url.split("?")[0] : url;
      if (await cache.match(key)) {
        kept += 1;
        continue;
      }
      try {
        const response = await fetch(url);
        if (keepable(response)) {
          await cache.put(key, response);
          kept += 1;
        }
      } catch (err) {
        // (not kept: the page still plays online)
      }
    }
    if (event.ports[0]) event.ports[0].postMessage({ kept, of: urls.length });
  })());
});
