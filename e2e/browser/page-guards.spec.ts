import { expect, test, type Page } from "@playwright/test";
import { demoLogin } from "../support/pages";

// Pages answer route ids and sign-in the way the API does (lib/server/web/page.ts beside
// lib/server/web/http.ts): a junk, out-of-range or unknown id renders the route's not-found page
// (what is missing, a sentence, a way back to browsing) with a real 404 status, never a 500 and
// never the spec's 'Feature Coming Soon!', which is for unknown paths; an anonymous visitor to an
// account page is sent to /login, a guest to the signup offer.

const JUNK_IDS = ["abc", "0", "-1", "1.5", "1e3", "2147483648", "99999999999999999999"];
const MISSING_IDS = ["999999", "2147483647"];

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
  for (const pattern of ["/restaurants/ID", "/menu-items/ID", "/reviews/restaurant/ID"]) {
    test(`a junk or unknown id on ${pattern} is the record's not-found page`, async ({ page }) => {
      for (const id of [...JUNK_IDS, ...MISSING_IDS]) await expectNotFound(page, pattern.replace("ID", id));
    });
  }

  for (const pattern of ["/restaurants/ID/menu", "/restaurants/ID/orders", "/restaurants/ID/update", "/menu-items/ID/update", "/menu-items/ID/delete", "/orders/ID"]) {
    test(`a signed-in owner's ${pattern} answers a junk or unknown id with the record's not-found page`, async ({ page }) => {
      await demoLogin(page, 1);
      for (const id of ["abc", "2147483648", "999999"]) await expectNotFound(page, pattern.replace("ID", id));
    });
  }

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
    }
  });

  test("a junk orderId in the reviews page's query shows the page without a form", async ({ page }) => {
    await demoLogin(page, 4);
    const response = await page.goto("/reviews/restaurant/1?orderId=2147483648");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Reviews for");
    await expect(page.getByRole("button", { name: "Submit review" })).toHaveCount(0);
  });
});

test.describe("account pages", () => {
  const accountPages = [
    "/account/name",
    "/account/email",
    "/account/phone",
    "/account/password",
    "/restaurants/new",
    "/menu-items/new",
    "/restaurants/1/menu",
    "/restaurants/1/orders",
    "/restaurants/1/update",
    "/menu-items/1/update",
    "/menu-items/1/delete",
    "/orders/1",
    "/checkout",
  ];

  for (const path of accountPages) {
    test(`an anonymous visit to ${path} goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test("a guest is sent from the profile editors to /account and from the owner pages to /signup", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await page.waitForURL("**/home");
    for (const path of ["/account/name", "/account/password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/account$/);
    }
    for (const path of ["/restaurants/new", "/restaurants/1/menu", "/menu-items/1/update"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signup$/);
    }
  });
});
