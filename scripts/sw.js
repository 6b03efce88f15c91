// warpsight's service worker: after the first visit the app loads and works with no network.
//
// This is a template: Trunk's post_build hook (scripts/post-build.py) writes it to dist/sw.js
// with VERSION and the file lists filled in. Every build whose files differ gets a new
// VERSION, so the browser sees a changed sw.js, installs it, and the new worker precaches the
// new files into a new cache and deletes the old one.
//
// - Navigations to the app's page (any query: the link is the app's state) go to the network
//   first and fall back to the precached index.html, so a reachable server always wins and
//   `trunk serve` never shows a stale page.
// - Files whose names carry Trunk's content hash (wasm, js, css) never change: cache first.
// - The other files of the build (boot.js, the manifest, icons): network first, then cache.
// - Anything else is left to the browser.
//
// The cache of a version is written once, at install, so the cached index.html always comes
// with the wasm and js it names.

const VERSION = '__VERSION__';
/** Files whose names carry a content hash, relative to this script. */
const HASHED = __HASHED__;
/** The build's other files except index.html and this script. */
const OTHER = __OTHER__;

const SCOPE = new URL('./', self.location.href);
// Caches are shared by the whole origin: name them by scope, so that two copies of the app
// under different paths keep their own.
const PREFIX = `warpsight ${SCOPE.pathname} `;
const CACHE = PREFIX + VERSION;
const INDEX = SCOPE.href; // the cached page, under the scope's own URL

/** A response that can answer a navigation (a redirected one cannot). */
async function plain(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const get = async (name, mode) => {
    // Hashed files may come from the HTTP cache (their content is their name); the others
    // are revalidated so the cache gets this build's copy.
    const response = await fetch(new Request(new URL(name, SCOPE), { cache: mode }));
    if (!response.ok) throw new Error(`precache ${name}: HTTP ${response.status}`);
    return response;
  };
  await Promise.all([
    get('index.html', 'no-cache').then(plain).then((r) => cache.put(INDEX, r)),
    ...HASHED.map((n) => get(n, 'default').then((r) => cache.put(new URL(n, SCOPE).href, r))),
    ...OTHER.map((n) => get(n, 'no-cache').then((r) => cache.put(new URL(n, SCOPE).href, r))),
  ]);
}

self.addEventListener('install', (event) => {
  // A failed precache fails the install: the previous worker (if any) stays in charge.
  event.waitUntil(precache().then(
    () => self.skipWaiting(),
    async (error) => { await caches.delete(CACHE); throw error; },
  ));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

async function networkFirst(request, key) {
  try {
    return await fetch(request);
  } catch (offline) {
    const cached = await (await caches.open(CACHE)).match(key);
    if (cached) return cached;
    throw offline;
  }
}

async function cacheFirst(request) {
  const cached = await (await caches.open(CACHE)).match(request.url);
  return cached ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const name = url.pathname.slice(SCOPE.pathname.length);
  if (request.mode === 'navigate') {
    if (name === '' || name === 'index.html') event.respondWith(networkFirst(request, INDEX));
  } else if (HASHED.includes(name)) {
    event.respondWith(cacheFirst(request));
  } else if (OTHER.includes(name)) {
    event.respondWith(networkFirst(request, new URL(name, SCOPE).href));
  }
});
