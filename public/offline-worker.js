// @ts-check
// Nosh's service worker: the offline half, whose rules docs/architecture/offline-app.md states.
// /sw.js (app/sw.js/route.ts) sets self.NOSH_VERSION (the build's id) and self.NOSH_PATHS (the
// app's paths: lib/shared/web/service-worker.ts) and imports /sw-push.js and this file: every
// build is a new worker that takes over at once (skipWaiting + clients.claim), without a reload.
// A navigation with no network gets a saved menu or the offline page; a visit to a restaurant page
// saves its public data and photos, fetched without cookies; a logout empties every cache; every
// other request goes to the network untouched. JSDoc types: `npm run typecheck` (tsconfig.worker.json).
/* global self, caches */
"use strict";

/**
 * @typedef {import("../lib/shared/web/service-worker").ServiceWorkerGlobals} ServiceWorkerGlobals
 * @typedef {{ id: number, name: string, description: string, cuisineType: string, address: string, city: string, state: string, deliveryTime: number, priceLevel: number, rating: number, numReviews: number, photo: string | null, storeImage: string }} SavedRestaurant
 * @typedef {{ id: number, name: string, description: string, price: number, foodType: string, photo: string | null, foodImage: string }} SavedDish
 * @typedef {{ savedAt: string, restaurant: SavedRestaurant, items: SavedDish[] }} SavedMenu
 * @typedef {{ id: number, name: string, cuisineType: string, savedAt: string, photos: string[] }} IndexEntry
 * @typedef {{ menuPage: (menu: SavedMenu) => string, offlinePage: (index: IndexEntry[], url: URL) => string }} OfflinePages
 */

const sw = /** @type {ServiceWorkerGlobalScope & ServiceWorkerGlobals & { NOSH_PAGES?: OfflinePages }} */ (/** @type {unknown} */ (self));
const PATHS = sw.NOSH_PATHS;
const VERSION = sw.NOSH_VERSION || "unversioned";
// The saved menus' format: bump it when what is stored changes (the old cache is then dropped).
const MENUS = "nosh-menus-v1";
const KEEP = 30;
const INDEX_KEY = "/__offline/index";
const menuKey = (/** @type {string | number} */ id) => `/__offline/menu/${id}`;
const photoKey = (/** @type {string} */ src, /** @type {number} */ width) => `/__offline/photo?w=${width}&src=${encodeURIComponent(src)}`;
const HERO_WIDTH = 640;
const DISH_WIDTH = 256;
const OFFLINE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

sw.addEventListener("install", () => {
  sw.skipWaiting();
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("nosh-") && name !== MENUS).map((name) => caches.delete(name)));
      if (sw.registration.navigationPreload) await sw.registration.navigationPreload.enable();
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  const reply = (/** @type {unknown} */ message) => event.source && event.source.postMessage(message);
  if (event.data && event.data.type === "nosh:version") reply({ type: "nosh:version", version: VERSION });
  if (event.data && event.data.type === "nosh:clear") event.waitUntil(clearAll().then(() => reply({ type: "nosh:cleared" })));
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  // Signing out, everywhere or by deleting the account.
  if (PATHS.signOut.test(url.pathname)) {
    event.respondWith(logOut(request));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/__offline/photo")) {
    event.respondWith(savedPhoto(url));
    return;
  }
  const restaurant = url.pathname.match(PATHS.restaurantPage);
  if (request.mode === "navigate") {
    event.respondWith(navigate(event, url, restaurant && restaurant[1]));
    return;
  }
  // A client-side navigation to a restaurant page (the router's RSC request; prefetches excluded).
  if (restaurant && request.headers.get("RSC") === "1" && !request.headers.get("Next-Router-Prefetch")) event.waitUntil(remember(restaurant[1]));
});

/**
 * @param {FetchEvent} event
 * @param {URL} url
 * @param {string | null | undefined} restaurantId
 */
async function navigate(event, url, restaurantId) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (restaurantId && response.ok) event.waitUntil(remember(restaurantId));
    return response;
  } catch {
    return offlineAnswer(url, restaurantId);
  }
}

/** @param {Request} request */
async function logOut(request) {
  const response = await fetch(request);
  if (response.ok) await clearAll();
  return response;
}

async function clearAll() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith("nosh-")).map((name) => caches.delete(name)));
}

// ---- saving menus -------------------------------------------------------------------------

/**
 * A response that may be stored: a same-origin 200 that no cache is told to keep private. The
 * requests are made without cookies, so nothing in them is the visitor's (and a browser never
 * shows a worker a Set-Cookie header: the check is there for the rule, not for the browser).
 * @param {Pick<Response, "ok" | "type" | "headers">} response
 */
function isPublic(response) {
  const cacheControl = (response.headers.get("Cache-Control") || "").toLowerCase();
  const vary = (response.headers.get("Vary") || "").toLowerCase();
  return response.ok && response.type === "basic" && !/private|no-store/.test(cacheControl) && !response.headers.has("Set-Cookie") && !vary.includes("cookie");
}

const publicGet = (/** @type {string} */ path, /** @type {RequestInit} */ init = {}) => fetch(path, { credentials: "omit", cache: "no-store", ...init });
const optimized = (/** @type {string} */ src, /** @type {number} */ width) => `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=75`;

/**
 * The public menu data of restaurant `id`, as the offline page shows it.
 * @param {string} id
 * @returns {Promise<SavedMenu | null>}
 */
async function fetchMenu(id) {
  const [restaurantAnswer, itemsAnswer] = await Promise.all([publicGet(`${PATHS.restaurantApi}${id}`), publicGet(`${PATHS.menuItemsApi}?restaurantId=${id}&limit=100`)]);
  if (!isPublic(restaurantAnswer) || !isPublic(itemsAnswer)) return null;
  const { restaurant: r } = await restaurantAnswer.json();
  /** @type {any[]} */
  const items = await itemsAnswer.json();
  return {
    savedAt: new Date().toISOString(),
    restaurant: {
      id: r.id,
      name: r.name,
      description: r.description,
      cuisineType: r.cuisineType,
      address: r.address,
      city: r.city,
      state: r.state,
      deliveryTime: r.deliveryTime,
      priceLevel: r.priceLevel,
      rating: r.rating,
      numReviews: r.numReviews,
      photo: typeof r.storeImage === "string" && r.storeImage.startsWith("/") ? photoKey(r.storeImage, HERO_WIDTH) : null,
      storeImage: r.storeImage,
    },
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description,
      price: item.price,
      foodType: item.food_type,
      photo: typeof item.food_image === "string" && item.food_image.startsWith("/") ? photoKey(item.food_image, DISH_WIDTH) : null,
      foodImage: item.food_image,
    })),
  };
}

/**
 * The photos a saved menu shows: [key, optimizer URL].
 * @param {SavedMenu} menu
 */
function photosOf(menu) {
  /** @type {Map<string, string>} */
  const photos = new Map();
  if (menu.restaurant.photo) photos.set(menu.restaurant.photo, optimized(menu.restaurant.storeImage, HERO_WIDTH));
  for (const item of menu.items) if (item.photo) photos.set(item.photo, optimized(item.foodImage, DISH_WIDTH));
  return photos;
}

/** @type {Map<string, Promise<void>>} */
const saving = new Map();
let indexLock = Promise.resolve();

/**
 * Saves restaurant `id`'s menu (again) as the most recent; at most one save per restaurant at a time.
 * @param {string} id
 * @returns {Promise<void>}
 */
function remember(id) {
  if (!saving.has(id)) {
    saving.set(
      id,
      saveMenu(id)
        .catch(() => undefined)
        .finally(() => saving.delete(id)),
    );
  }
  return /** @type {Promise<void>} */ (saving.get(id));
}

/** @param {string} id */
async function saveMenu(id) {
  const menu = await fetchMenu(id);
  if (!menu) return;
  const cache = await caches.open(MENUS);
  const photos = [...photosOf(menu)];
  // Two at a time: a cold optimizer encodes each photo on its first request.
  for (let i = 0; i < photos.length; i += 2) {
    await Promise.all(
      photos.slice(i, i + 2).map(async ([key, source]) => {
        if (await cache.match(key)) return;
        const answer = await publicGet(source, { headers: { Accept: "image/webp,image/*" } }).catch(() => null);
        if (!answer || !isPublic(answer)) return;
        const type = answer.headers.get("Content-Type") || "image/webp";
        await cache.put(key, new Response(await answer.blob(), { headers: { "Content-Type": type } }));
      }),
    );
  }
  await cache.put(menuKey(id), Response.json(menu));
  await updateIndex(cache, (index) => {
    const rest = index.filter((entry) => entry.id !== menu.restaurant.id);
    return [
      { id: menu.restaurant.id, name: menu.restaurant.name, cuisineType: menu.restaurant.cuisineType, savedAt: menu.savedAt, photos: photos.map(([key]) => key) },
      ...rest,
    ];
  });
}

/**
 * Changes the index of saved menus (newest first) one change at a time; drops what falls past KEEP.
 * @param {Cache} cache
 * @param {(index: IndexEntry[]) => IndexEntry[]} change
 */
function updateIndex(cache, change) {
  indexLock = indexLock.then(async () => {
    const { kept, drop } = pruneIndex(change(await readIndex(cache)));
    await cache.put(INDEX_KEY, Response.json(kept));
    for (const key of drop) await cache.delete(key);
  });
  return indexLock;
}

/**
 * The index kept (the first `keep`) and the keys to delete: each menu past it, and its photos no kept menu shows.
 * @param {IndexEntry[]} index
 */
function pruneIndex(index, keep = KEEP) {
  const kept = index.slice(0, keep);
  const stillUsed = new Set(kept.flatMap((entry) => entry.photos));
  const drop = index.slice(keep).flatMap((entry) => [menuKey(entry.id), ...entry.photos.filter((key) => !stillUsed.has(key))]);
  return { kept, drop: [...new Set(drop)] };
}

/**
 * @param {Cache} cache
 * @returns {Promise<IndexEntry[]>}
 */
async function readIndex(cache) {
  const answer = await cache.match(INDEX_KEY);
  return answer ? answer.json() : [];
}

/** @param {URL} url */
async function savedPhoto(url) {
  const answer = await caches.match(url.pathname + url.search);
  return answer || new Response(null, { status: 404 });
}

// ---- offline pages ------------------------------------------------------------------------
// What they say and how they look: public/offline-pages.js (self.NOSH_PAGES), which /sw.js imports beside this file.

/**
 * @param {URL} url
 * @param {string | null | undefined} restaurantId
 */
async function offlineAnswer(url, restaurantId) {
  const cache = await caches.open(MENUS);
  const saved = restaurantId ? await cache.match(menuKey(restaurantId)) : null;
  const pages = /** @type {OfflinePages} */ (sw.NOSH_PAGES);
  const html = saved ? pages.menuPage(await saved.json()) : pages.offlinePage(await readIndex(cache), url);
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": OFFLINE_POLICY, "X-Nosh-Offline": "1" },
  });
}
