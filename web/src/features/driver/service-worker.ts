/**
 * The driver's app's service worker (built to /driver-sw.js, registered with the scope /driver): it keeps the /driver
 * page and the scripts, styles and icons it needs, so the app opens with no network. API calls are never touched.
 *
 * Versioning rule: one cache per build, named by a hash of the build's file names (the build writes it below as
 * __DRIVER_BUILD__). A new build is a new worker: it fills its own cache on install, and on activate deletes every
 * other `stampline-driver-` cache. The page's scripts have hashed names, so a cached file never goes stale.
 */

interface DriverBuild {
  version: string;
  /** Absolute paths: the entry, the /driver page's chunks and styles, the manifest and icons. */
  files: string[];
}
declare const __DRIVER_BUILD__: DriverBuild;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const worker = self as unknown as WorkerScope;
const BUILD = __DRIVER_BUILD__;
const PREFIX = 'stampline-driver-';
const CACHE = `${PREFIX}${BUILD.version}`;
const SHELL = '/driver';
/** How long a page load waits for the network before it opens the kept page. */
const NAVIGATION_TIMEOUT_MS = 4000;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...BUILD.files]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

/** The network's page when it answers in time, the kept /driver page otherwise (every /driver address is that page). */
async function page(request: Request): Promise<Response> {
  const cached = () => caches.match(SHELL, { cacheName: CACHE });
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS),
      ),
    ]);
    if (response.ok) return response;
    return (await cached()) ?? response;
  } catch (error) {
    const kept = await cached();
    if (kept) return kept;
    throw error;
  }
}

/** Hashed files never change: the kept copy, else the network's, kept for next time (a chunk loaded later). */
async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: CACHE });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return;
  if (request.mode === 'navigate') {
    if (url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`)) event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || BUILD.files.includes(url.pathname))
    event.respondWith(asset(request));
});
