// memlace's service worker: after the first visit the app opens with the network off. build.py fills in
// VERSION (the runtime's content hash) and FILES (every file of this deploy but the model providers' wheels,
// which join the cache when first used: model mode needs the network anyway). A new deploy installs into a
// new cache beside the old one and waits until the page asks it to take over (or every tab has closed):
// a page never mixes files of two deploys. The proxy (/api/) is never cached.
const VERSION = "%VERSION%";
const FILES = %FILES%;
const CACHE = `memlace-${VERSION}`;
const RUNTIME = new URL(`rt/${VERSION}/`, self.registration.scope).pathname;

self.addEventListener("install", (event) => {
  // cache.addAll is all or nothing: a half-downloaded deploy never becomes the offline copy.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((file) => new URL(file, self.registration.scope)))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("memlace-") && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith(new URL("api/", self.registration.scope).pathname)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Query strings select a profile or options, never a different file.
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      const response = await fetch(request);
      // This deploy's runtime files never change (their folder is named by their hash): keep what was
      // fetched on demand for the next offline start.
      if (response.ok && url.pathname.startsWith(RUNTIME)) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
