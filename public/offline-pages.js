// @ts-check
// Nosh's service worker: the pages it writes offline (docs/architecture/offline-app.md), apart
// from its rules (public/offline-worker.js, which answers a navigation with them). /sw.js
// (app/sw.js/route.ts) imports both; this one sets self.NOSH_PAGES, which offline-worker.js reads
// when a page is asked for. Its names stay inside the function below: the worker's scripts share
// one global scope. A saved menu and the offline page escape every text of the catalog (escape),
// and work without any script or stylesheet of the build.
/* global self */
"use strict";

/**
 * @typedef {import("./offline-worker.js").SavedMenu} SavedMenu
 * @typedef {import("./offline-worker.js").SavedDish} SavedDish
 * @typedef {import("./offline-worker.js").IndexEntry} IndexEntry
 * @typedef {import("./offline-worker.js").OfflinePages} OfflinePages
 * @typedef {import("../lib/shared/web/service-worker").ServiceWorkerGlobals} ServiceWorkerGlobals
 */

(() => {
  const sw = /** @type {ServiceWorkerGlobalScope & ServiceWorkerGlobals & { NOSH_PAGES?: OfflinePages }} */ (/** @type {unknown} */ (self));
  const PATHS = sw.NOSH_PATHS;

  /** @type {Record<string, string>} */
  const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  const escape = (/** @type {unknown} */ text) => String(text ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  const savedOn = (/** @type {string} */ iso) => day.format(new Date(iso));
  /** @type {Record<string, string>} */
  const COURSES = { appetizer: "Appetizers", entree: "Entrees", dessert: "Desserts", beverage: "Beverages" };

  // The app's colours and type (app/globals.css); the page works without any script or stylesheet of the build.
  const STYLE = `
:root{--brand:#c8290f;--ink:#1f1b18;--muted:#5f5b57;--surface:#fff;--alt:#f7f4f1;--border:#e3ddd7;--warn:#fff4d6;--warn-ink:#5c4300;color-scheme:light}
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--alt);line-height:1.5}
a{color:var(--brand)}header.bar{display:flex;align-items:center;gap:.5rem;padding:.75rem 1rem;background:var(--surface);border-bottom:1px solid var(--border)}
header.bar a{display:flex;align-items:center;gap:.5rem;color:var(--ink);text-decoration:none;font-weight:800;font-size:1.25rem}
.banner{display:flex;gap:.75rem;align-items:flex-start;padding:.75rem 1rem;background:var(--warn);color:var(--warn-ink);border-bottom:2px solid #e0b64a;font-size:.95rem}
.banner strong{display:block;font-size:1rem}.dot{flex:none;width:.75rem;height:.75rem;margin-top:.4rem;border-radius:50%;background:#b3261e}
main{max-width:960px;margin:0 auto;padding:1rem 1rem 2rem}h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.hero{width:100%;aspect-ratio:16/6;object-fit:cover;border-radius:16px;background:#efeae5;display:block}.meta{color:var(--muted);margin:0}
ul.dishes{list-style:none;padding:0;margin:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(280px,1fr))}
.dish{display:flex;gap:.75rem;background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:.75rem}
.dish img{flex:none;width:88px;height:88px;object-fit:cover;border-radius:6px;background:#efeae5}.dish h3{margin:0;font-size:1rem}
.dish p{margin:.25rem 0;color:var(--muted);font-size:.875rem}.price{font-weight:700;color:var(--ink)}
.checkout{position:sticky;bottom:0;padding:.75rem 1rem;background:var(--surface);border-top:1px solid var(--border);display:flex;justify-content:center}
.checkout button{width:100%;max-width:480px;padding:.75rem 1rem;border:0;border-radius:999px;background:#b9b1a9;color:#1f1b18;font:inherit;font-weight:700;cursor:not-allowed}
ul.saved{list-style:none;padding:0;display:grid;gap:.5rem}ul.saved a{display:block;padding:.75rem 1rem;background:var(--surface);border:1px solid var(--border);border-radius:10px;text-decoration:none;color:var(--ink)}
ul.saved span{display:block;color:var(--muted);font-size:.875rem}.retry{display:inline-block;margin-top:.5rem;font-weight:700}
`;

  const LOGO =
    '<svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#c8290f"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M16 9.5v13" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>';

  /**
   * @param {string} title
   * @param {string} banner
   * @param {string} body
   */
  function layout(title, banner, body, footer = "") {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#c8290f"><title>${escape(title)}</title><style>${STYLE}</style></head><body data-offline="true">
<header class="bar"><a href="/">${LOGO}<span>Nosh</span></a></header>
<div class="banner" role="status" data-testid="offline-banner"><span class="dot"></span><div>${banner}</div></div>
<main>${body}</main>${footer}</body></html>`;
  }

  /** @param {SavedMenu} menu */
  function menuPage(menu) {
    const r = menu.restaurant;
    /** @type {[string, SavedDish[]][]} */
    const courses = Object.keys(COURSES).map((course) => [COURSES[course], menu.items.filter((item) => item.foodType === course)]);
    courses.push(["More", menu.items.filter((item) => !(item.foodType in COURSES))]);
    const dishes = courses
      .filter(([, items]) => items.length)
      .map(
        ([title, items]) =>
          `<h2>${escape(title)}</h2><ul class="dishes">${items
            .map(
              (item) =>
                `<li class="dish" data-testid="offline-dish">${item.photo ? `<img src="${escape(item.photo)}" alt="" width="88" height="88">` : ""}<div><h3>${escape(item.name)}</h3><p>${escape(item.description)}</p><span class="price">${money.format(item.price)}</span></div></li>`,
            )
            .join("")}</ul>`,
      )
      .join("");
    const banner = `<strong>You're offline</strong>This menu was saved ${escape(savedOn(menu.savedAt))}. Prices may have changed, and ordering is paused until you're back online. <a href="">Try again</a>`;
    return layout(
      `${r.name} (offline) · Nosh`,
      banner,
      `${r.photo ? `<img class="hero" src="${escape(r.photo)}" alt="">` : ""}<h1>${escape(r.name)}</h1>
<p class="meta">${escape(r.cuisineType)} · ${"$".repeat(Math.max(1, Math.min(4, Number(r.priceLevel) || 1)))} · ${escape(r.deliveryTime)} min · delivery fee at checkout</p>
<p class="meta">${escape(r.address)}, ${escape(r.city)}</p>${dishes || "<p>No dishes were saved with this menu.</p>"}
<p><a href="/offline">Saved menus</a></p>`,
      `<div class="checkout"><button type="button" disabled aria-disabled="true">Checkout is unavailable offline</button></div>`,
    );
  }

  /**
   * @param {IndexEntry[]} index
   * @param {URL} url
   */
  function offlinePage(index, url) {
    const list = index.length
      ? `<h2>Menus saved on this device</h2><ul class="saved">${index
          .map(
            (entry) =>
              `<li><a href="${PATHS.restaurants}${encodeURIComponent(entry.id)}">${escape(entry.name)}<span>${escape(entry.cuisineType)} · saved ${escape(savedOn(entry.savedAt))}</span></a></li>`,
          )
          .join("")}</ul>`
      : "<p>Menus you open while online are saved here, the last 30, to read without a connection.</p>";
    const retry = url.pathname === "/offline" ? "/" : url.pathname + url.search;
    return layout(
      "You're offline · Nosh",
      `<strong>You're offline</strong>Nosh can't reach the kitchen right now. Ordering is paused until you're back online.`,
      `<h1 data-testid="offline-page">No connection</h1><p>Check your connection, then <a class="retry" href="${escape(retry)}">try again</a>.</p>${list}`,
    );
  }

  sw.NOSH_PAGES = { menuPage, offlinePage };
})();
