// Tech Touchdown's service worker: the app shell still opens when the network drops.
//
// - Pages (navigations) go to the network first; only when it cannot be reached is the cached shell
//   (index.html, the same for every client route) served, and the app then says what failed.
// - Hashed build files (/assets/*) never change under one name: served from the cache once fetched.
// - The API, the socket, sign-in (/auth, /dev-oauth) and health checks never touch the cache: they are
//   not even intercepted, so sessions, live data and OAuth always come from the server.
//
// BUILD_ID is replaced at build time (vite.config.ts) with a hash of the build's file names, so each
// deploy installs a new worker, which caches the new shell and deletes the previous caches.
const BUILD_ID = '__BUILD_ID__';
const SHELL_CACHE = `tt-shell-${BUILD_ID}`;
const ASSET_CACHE = `tt-assets-${BUILD_ID}`;
const SHELL_URL = '/';
/** Small files the shell shows or the browser asks for while installed. */
const STATIC_FILES = ['/favicon.svg', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png'];
const NEVER_CACHED = /^\/(?:api|socket\.io|auth|dev-oauth)(?:\/|$)|^\/(?:healthz|readyz)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL_URL, { cache: 'no-cache', credentials: 'same-origin' });
      if (!response.ok) throw new Error(`the app shell answered ${response.status}`);
      const html = await response.clone().text();
      // The entry script, its stylesheet and the chunks index.html preloads: what painting needs.
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
      await (await caches.open(SHELL_CACHE)).put(SHELL_URL, response);
      await (await caches.open(ASSET_CACHE)).addAll([...new Set([...assets, ...STATIC_FILES])]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith('tt-') && !current.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// A page whose navigation began before this worker was active, and ended after the claim above,
// is left out of it: the page asks to be taken over once the worker is ready (lib/service-worker.ts).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'claim') event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map')) {
    event.respondWith(cacheFirst(event, request, ASSET_CACHE));
  } else if (STATIC_FILES.includes(url.pathname)) {
    event.respondWith(networkFirst(request, ASSET_CACHE));
  }
});

async function networkFirstShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function networkFirst(request, cacheName) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { cacheName, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(event, request, cacheName) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(cache.put(request, response.clone()));
  return response;
}
