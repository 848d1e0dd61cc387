import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { expect, test, type BrowserContext, type Page } from "../fixtures";
import { demoLogin, expectAccessible, openMenu, shoot } from "../support/pages";

// The installable app (docs/architecture/offline-app.md): the manifest and its icons, Chrome's
// installability check, the service worker (/sw.js + public/offline-worker.js) controlling the
// page, the offline page, a visited menu offline (banner, prices, photos, checkout disabled),
// nothing personal in any cache, logout emptying them, and a new build's worker taking over
// without a reload. The only spec that lets service workers run (playwright.config.ts blocks them).
test.use({ serviceWorkers: "allow" });
test.describe.configure({ mode: "serial" });

const CUSTOMER = 3; // a seeded demo customer (README.md, Demo accounts)

/** Every cache entry the page's origin holds: cache name, URL, headers, body text (images as their size). */
async function cacheEntries(page: Page) {
  return page.evaluate(async () => {
    const all: { cache: string; url: string; headers: Record<string, string>; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = (await cache.match(request))!;
        const type = response.headers.get("Content-Type") ?? "";
        const body = type.startsWith("image/") ? `<${(await response.blob()).size} bytes>` : await response.text();
        all.push({ cache: name, url: request.url, headers: Object.fromEntries(response.headers), body });
      }
    }
    return all;
  });
}

/** Waits until the worker controls the page (it claims its clients once active). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Waits until the worker has saved restaurant `id`'s menu. */
async function saved(page: Page, id: number) {
  await page.waitForFunction(async (key) => Boolean(await caches.match(key)), `/__offline/menu/${id}`, { timeout: 20_000, polling: 250 });
}

const workerVersion = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        navigator.serviceWorker.addEventListener("message", (event) => resolve(event.data.version), { once: true });
        navigator.serviceWorker.controller!.postMessage({ type: "nosh:version" });
      }),
  );

test("the manifest names the app, its colours and start, and its icons are served at their sizes", async ({ request }) => {
  const home = await request.get("/");
  expect(await home.text()).toMatch(/<link rel="manifest" href="\/manifest.webmanifest"/);
  const answer = await request.get("/manifest.webmanifest");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining("Nosh"),
    short_name: "Nosh",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#c8290f",
    background_color: "#ffffff",
  });
  expect(manifest.description).toBeTruthy();
  const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    const bytes = await png.body();
    // The PNG header's width and height (IHDR) are the size the manifest declares.
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  // The theme colour is the app's brand colour, as the pages declare it.
  expect(await home.text()).toContain('<meta name="theme-color" content="#c8290f"/>');
  // The worker's script: not behind the pages' nonce policy, never cached by HTTP.
  const script = await request.get("/sw.js");
  expect(script.headers()["content-type"]).toContain("javascript");
  expect(script.headers()["cache-control"]).toBe("no-cache");
  expect(await script.text()).toContain('importScripts("/sw-push.js", "/offline-worker.js?v=');
  // Pages allow the worker and the manifest (script-src's 'self' is ignored under 'strict-dynamic').
  expect(home.headers()["content-security-policy"]).toContain("worker-src 'self'");
});

test("Chrome finds the app installable: no installability errors once the worker controls the page", async ({ baseURL }) => {
  // A persistent profile: Chrome never offers to install from an incognito context (Playwright's default).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nosh-install-"));
  const context = await chromium.launchPersistentContext(dir, {
    // The full browser, not the suite's headless shell: the install prompt is the browser's.
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    baseURL,
    serviceWorkers: "allow",
  });
  try {
    const page = await context.newPage();
    await page.goto("/home");
    await controlled(page);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = (await session.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await session.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.describe("offline", () => {
  let context: BrowserContext;
  let page: Page;
  let restaurant: { id: number; name: string };
  let other: { id: number; name: string };

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ serviceWorkers: "allow" });
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  test("signed in, the worker controls the page and saves each visited menu, public data only", async () => {
    await demoLogin(page, CUSTOMER);
    await controlled(page);
    // Two restaurants of /home's first screen.
    const ids = await page
      .locator('a[href^="/restaurants/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!).filter((href) => /^\/restaurants\/\d+$/.test(href)))]);
    const named = async (href: string) => ({ id: Number(href.split("/").pop()), name: (await (await page.request.get(`/api${href}`)).json()).restaurant.name });
    [restaurant, other] = [await named(ids[0]!), await named(ids[1]!)];
    // A navigation (a typed address) and a client-side one (the router's RSC request).
    await page.goto(`/restaurants/${restaurant.id}`);
    await saved(page, restaurant.id);
    await page.goto("/home");
    await page.locator(`a[href="/restaurants/${other.id}"]`).first().click();
    await page.waitForURL(`**/restaurants/${other.id}`);
    await saved(page, other.id);

    // A redirect through the worker (/ signed in answers 307 /home).
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    // Personal pages and authenticated JSON, requested while the worker runs.
    for (const url of ["/orders", "/wallet", "/account"]) await page.goto(url);
    const me = await page.evaluate(async () => (await fetch("/api/auth/")).json());
    const personal: string[] = [me.email, me.phoneNumber, `${me.firstName} ${me.lastName}`, `"wallet"`].filter(Boolean);
    expect(personal.length).toBe(4);

    const entries = await cacheEntries(page);
    expect(entries.length).toBeGreaterThan(2);
    for (const entry of entries) {
      const { pathname } = new URL(entry.url);
      // Only the worker's own keys: the saved menus, their index and photos; no page, no API answer.
      expect(pathname, entry.url).toMatch(/^\/__offline\/(index|menu\/\d+|photo)$/);
      expect(entry.headers["set-cookie"], entry.url).toBeUndefined();
      for (const value of personal) expect(entry.body, entry.url).not.toContain(value);
    }
    const photos = entries.filter((entry) => entry.url.includes("/__offline/photo"));
    expect(photos.length).toBeGreaterThan(0);
    const index = JSON.parse(entries.find((entry) => entry.url.endsWith("/__offline/index"))!.body);
    expect(index.map((entry: { id: number }) => entry.id)).toEqual([other.id, restaurant.id]);
  });

  test("offline, a saved menu opens with its prices, photos, the banner and checkout disabled; other pages show the offline page", async () => {
    const menu = await (await page.request.get(`/api/menu-items?restaurantId=${restaurant.id}&limit=100`)).json();
    await context.setOffline(true);
    try {
      const answer = await page.goto(`/restaurants/${restaurant.id}`);
      expect(answer?.headers()["x-nosh-offline"]).toBe("1");
      await expect(page.getByTestId("offline-banner")).toContainText("You're offline");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(restaurant.name);
      // No fee but the one checkout charges: the restaurant's listed fee is not a price (pages say $6.49).
      await expect(page.getByText(/· delivery fee at checkout$/)).toBeVisible();
      const first = menu[0] as { name: string; price: number };
      const dish = page.getByTestId("offline-dish").filter({ hasText: first.name }).first();
      await expect(dish).toContainText(`$${first.price.toFixed(2)}`);
      await expect(page.getByTestId("offline-dish")).toHaveCount(menu.length);
      await expect(page.getByRole("button", { name: "Checkout is unavailable offline" })).toBeDisabled();
      // Photos come from the worker's cache.
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      const drawn = await page.evaluate(() => [...document.images].filter((img) => img.naturalWidth > 0).length);
      expect(drawn).toBeGreaterThan(0);
      await expectAccessible(page);
      await shoot(page, "offline-menu");

      await page.goto("/orders");
      await expect(page.getByTestId("offline-page")).toHaveText("No connection");
      await expect(page.getByTestId("offline-banner")).toContainText("You're offline");
      const savedList = page.getByRole("link", { name: new RegExp(other.name) });
      await expect(savedList).toBeVisible();
      await expect(page.getByRole("link", { name: new RegExp(restaurant.name) })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, "offline-page");
      // A link of the list opens that saved menu.
      await savedList.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(other.name);
    } finally {
      await context.setOffline(false);
    }
  });

  test("a new build's worker takes over the open page without a reload", async () => {
    // The page registers plain /sw.js itself once it is idle after its load
    // (lib/client/service-worker.ts). Registered after the test's "next" worker below, that
    // script would replace it (the old build's worker taking over again), so the test waits
    // for the page's own registration first: it is noted as it settles.
    await page.addInitScript(() => {
      const container = ServiceWorkerContainer.prototype;
      const register = container.register;
      container.register = function (this: ServiceWorkerContainer, ...args: Parameters<typeof register>) {
        const registered = register.apply(this, args);
        const settled = () => ((window as unknown as { __pageRegistered: boolean }).__pageRegistered = true);
        registered.then(settled, settled);
        return registered;
      };
    });
    await page.goto("/home");
    await controlled(page);
    await page.waitForFunction(() => (window as unknown as { __pageRegistered?: boolean }).__pageRegistered === true, undefined, { timeout: 20_000 });
    const before = await workerVersion(page);
    expect(before).not.toBe("unversioned");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    // The next build: /sw.js answering other bytes (another build id). A test cannot deploy, so
    // the page asks for the worker labelled "next" (app/sw.js/route.ts), as an update check
    // after a deploy would fetch the new build's script.
    const changed = page.evaluate(() => new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true })));
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?v=next", { scope: "/", updateViaCache: "none" }));
    await changed;
    expect(await workerVersion(page)).toBe(`${before}-next`);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // The saved menus are data, not the build's: they survive the new worker.
    expect(await page.evaluate(async (key) => Boolean(await caches.match(key)), `/__offline/menu/${restaurant.id}`)).toBe(true);
  });

  test("signing out empties every cache", async () => {
    await page.goto("/home");
    expect((await cacheEntries(page)).length).toBeGreaterThan(0);
    const menu = await openMenu(page);
    await menu.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(async () => (await cacheEntries(page)).length).toBe(0);
  });
});
