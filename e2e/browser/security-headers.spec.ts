import { expect, test, type Page } from "../fixtures";
import { demoLogin } from "../support/pages";

// Headers: a nonce-based Content-Security-Policy without 'unsafe-inline' for scripts,
// object-src 'none', base-uri 'none', frame-ancestors 'none'; no HSTS outside production (the
// production server's HSTS is in api/production.spec.ts). The key pages render and hydrate
// under the policy without a single violation, and an injected inline handler is blocked.

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

test("every page and API answer carries the policy; each page gets a fresh nonce that its scripts carry", async ({ request }) => {
  const first = await request.get("/login");
  const second = await request.get("/login");
  const policy = first.headers()["content-security-policy"]!;
  const d = directives(policy);
  const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
  expect(nonce.length).toBeGreaterThanOrEqual(16);
  expect(d.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  expect(d.get("object-src")).toEqual(["'none'"]);
  expect(d.get("base-uri")).toEqual(["'none'"]);
  expect(d.get("frame-ancestors")).toEqual(["'none'"]);
  expect(d.get("default-src")).toEqual(["'self'"]);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(second.headers()["content-security-policy"]).not.toContain(nonce);

  // Next.js put the nonce on every script of the page.
  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);

  expect(first.headers()["strict-transport-security"]).toBeUndefined();
  expect(first.headers()["x-content-type-options"]).toBe("nosniff");
  expect(first.headers()["x-frame-options"]).toBe("DENY");
  expect((await request.get("/api/restaurants/")).headers()["content-security-policy"]).toContain("object-src 'none'");
});

/** Records CSP violations (console and DOM events) from before the first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`),
    );
  });
  return seen;
}

async function expectCleanRender(page: Page, url: string, seen: string[]) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  // Hydrated: Next's inline flight scripts ran (they need the nonce) and React attached.
  // (expect.poll + evaluate rather than waitForFunction, whose polling needs eval, which the policy forbids.)
  await expect.poll(() => page.evaluate(() => Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f))).toBe(true);
  await page.waitForLoadState("load");
  const dom = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect([...seen, ...dom], url).toEqual([]);
}

test("the shop's pages render and hydrate with no CSP violation", async ({ page }) => {
  test.setTimeout(90_000);
  const seen = await watchViolations(page);
  for (const url of ["/", "/home", "/restaurants/1", "/login", "/signup", "/credits", "/search?q=pizza"]) await expectCleanRender(page, url, seen);
  // The search box's suggestions are code (and a stylesheet) loaded on its first focus.
  await page.getByRole("combobox", { name: "Search restaurants and dishes" }).fill("pizza");
  await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
  expect([...seen, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))], "suggestions").toEqual([]);
  // Interactive after hydration: the demo button signs in through client-side code.
  await demoLogin(page, 3);
  for (const url of ["/account", "/orders", "/wallet", "/favorites", "/reviews", "/checkout"]) await expectCleanRender(page, url, seen);
});

test("the owner's pages render and hydrate with no CSP violation", async ({ page }) => {
  test.setTimeout(90_000);
  const seen = await watchViolations(page);
  await demoLogin(page, 1);
  for (const url of ["/restaurants/manage", "/restaurants/1/orders", "/restaurants/1/menu", "/menu-items/new"]) await expectCleanRender(page, url, seen);
});

// Catalog pages are replayed from the host's memory, to signed-in visitors with their session
// hole (docs/architecture/catalog-and-caching.md "Shared answers"): the same policy holds for them as for a render.
test("kept catalog pages replayed to a signed-in visitor: a fresh nonce on every answer and script, no violation, no inline handler runs", async ({
  page,
  request,
  customer,
}) => {
  test.setTimeout(90_000);
  const seen = await watchViolations(page);
  await page.context().addCookies((await customer.client.ctx.storageState()).cookies);
  const nonces = new Set<string>();
  for (const url of ["/home", "/restaurants/1", "/menu-items/1"]) {
    await request.get(url); // an anonymous visitor's request keeps the page
    let html = "";
    for (let attempt = 0; attempt < 10 && !html.includes('id="nosh-session"'); attempt++) {
      const response = (await page.goto(url))!;
      html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"]!)![1]!;
      expect(nonces.has(nonce), url).toBe(false);
      nonces.add(nonce);
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      for (const tag of scripts) expect(tag, `${url}: ${tag}`).toContain(`nonce="${nonce}"`);
    }
    expect(html, url).toContain('id="nosh-session"');
    await expect.poll(() => page.evaluate(() => Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f))).toBe(true);
    await page.waitForLoadState("load");
    expect([...seen, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))], url).toEqual([]);
  }
  await expectInjectedHandlerBlocked(page);
});

// Markup injection (the usual XSS: text rendered as HTML) brings inline handlers; they are
// refused. ('strict-dynamic' trusts scripts that running code creates, which is the point of it:
// code that can already create elements has already won.)
async function expectInjectedHandlerBlocked(page: Page) {
  await page.evaluate(() => {
    const div = document.createElement("div");
    div.innerHTML = `<img src="/no-such-image.png" onerror="window.__pwned = true" alt="">`;
    document.body.append(div);
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length)).toBeGreaterThanOrEqual(1);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
}

test("injected markup cannot run script: an inline handler is blocked and reported", async ({ page }) => {
  const seen = await watchViolations(page);
  await page.goto("/login");
  await expectInjectedHandlerBlocked(page);
  expect(seen.join("\n")).toMatch(/inline event handler/);
});
