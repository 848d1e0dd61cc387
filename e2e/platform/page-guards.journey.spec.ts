import { expect, test, type Page } from "@playwright/test";
import { demoLogin } from "../support/pages";

// Pages answer route ids and sign-in the way the API does (lib/server/web/page.ts beside
// lib/server/web/url-input.ts): a junk, out-of-range or unknown id renders the route's not-found page
// (what is missing, a sentence, a way back to browsing) with a real 404 status, never a 500 and
// never the spec's 'Feature Coming Soon!', which is for unknown paths; an anonymous visitor to an
// account page is sent to /login, a guest to the signup offer (those redirects, and what else the
// server alone decides, over HTTP in e2e/platform/page-guards.api.spec.ts). A not-found page's content
// comes to the browser in the page's flight data (its HTML is Next.js's error shell), so its
// heading, tab title and link are read here, in a browser, once per route (a junk id and an unknown
// one on the record pages); that every junk, out-of-range and unknown id gives that same 404 page is
// read over HTTP (page-guards.api.spec.ts).

const NOT_FOUND: Record<string, string> = {
  "/restaurants/": "Restaurant not found",
  "/reviews/restaurant/": "Restaurant not found",
  "/menu-items/": "Dish not found",
  "/orders/": "Order not found",
};

async function expectNotFound(page: Page, path: string) {
  const title = Object.entries(NOT_FOUND).find(([prefix]) => path.startsWith(prefix))![1];
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: title }), path).toBeVisible();
  // The owner pages keep their own tab title ("Manage menu"); a record's own page names what is missing.
  if (!/\/(menu|orders|update|delete)$/.test(path)) await expect(page).toHaveTitle(`${title} · Nosh`);
  await expect(page.getByRole("main").getByRole("link", { name: "Browse restaurants" })).toHaveAttribute("href", "/home");
  await expect(page.getByText("Feature Coming Soon!")).toHaveCount(0);
}

test.describe("route ids on pages", () => {
  test("a junk or unknown id on a restaurant's, a dish's and a restaurant's reviews page is the record's not-found page", async ({ page }) => {
    for (const pattern of ["/restaurants/ID", "/menu-items/ID", "/reviews/restaurant/ID"]) {
      for (const id of ["1e3", "999999"]) await expectNotFound(page, pattern.replace("ID", id));
    }
  });

  test("a signed-in owner's pages answer a junk or unknown id with the record's not-found page", async ({ page }) => {
    await demoLogin(page, 1);
    const ids = ["abc", "2147483648", "999999"];
    const patterns = ["/restaurants/ID/menu", "/restaurants/ID/orders", "/restaurants/ID/update", "/menu-items/ID/update", "/menu-items/ID/delete", "/orders/ID"];
    for (const [i, pattern] of patterns.entries()) await expectNotFound(page, pattern.replace("ID", ids[i % ids.length]!));
  });

  test("a well-formed group link that leads nowhere says so to a signed-in visitor, with a way back to browsing", async ({ page }) => {
    await demoLogin(page, 4);
    for (const token of ["A".repeat(22), "no-such-group-link-0000000000"]) {
      const response = await page.goto(`/group/${token}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("This group order link is no longer active")).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Browse restaurants" })).toBeVisible();
      await expect(page.getByText("Feature Coming Soon!")).toHaveCount(0);
    }
  });

  test("an unknown path keeps the spec's 'Feature Coming Soon!'", async ({ page }) => {
    for (const path of ["/restaurant/1", "/no/such/page"]) {
      expect((await page.goto(path))?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Feature Coming Soon!" })).toBeVisible();
      // With a matching tab title (from the walk-through).
      await expect(page).toHaveTitle("Feature Coming Soon! · Nosh");
    }
  });
});
