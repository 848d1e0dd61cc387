import { expect, test, type Page } from "../fixtures";
import { demoLogin } from "../support/pages";
import { runnableScripts } from "../support/html";

// The Content-Security-Policy at work (its headers and nonces, HTTP facts, are in
// e2e/platform/security-headers.api.spec.ts): the key pages render and hydrate under the policy without a
// single violation, kept pages replayed to a signed-in visitor too, and an injected inline
// handler is blocked.

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

test("a customer's and an owner's pages render and hydrate with no CSP violation; injected markup cannot run script", async ({ page }) => {
  test.setTimeout(150_000);
  const seen = await watchViolations(page);
  await test.step("the shop's pages, anonymous then signed in", async () => {
    for (const url of ["/", "/home", "/restaurants/1", "/login", "/signup", "/credits", "/search?q=pizza"]) await expectCleanRender(page, url, seen);
    // The search box's suggestions are code (and a stylesheet) loaded on its first focus.
    await page.getByRole("combobox", { name: "Search restaurants and dishes" }).fill("pizza");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
    expect([...seen, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))], "suggestions").toEqual([]);
    // Interactive after hydration: the demo button signs in through client-side code.
    await demoLogin(page, 3);
    for (const url of ["/account", "/orders", "/wallet", "/favorites", "/reviews", "/checkout"]) await expectCleanRender(page, url, seen);
  });
  await test.step("the owner's pages", async () => {
    await page.context().clearCookies();
    await demoLogin(page, 1);
    for (const url of ["/restaurants/manage", "/restaurants/1/orders", "/restaurants/1/menu", "/menu-items/new"]) await expectCleanRender(page, url, seen);
  });
  await test.step("an injected inline handler is blocked and reported", async () => {
    await expectInjectedHandlerBlocked(page);
    expect(seen.join("\n")).toMatch(/inline event handler/);
  });
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
      const scripts = runnableScripts(html);
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
