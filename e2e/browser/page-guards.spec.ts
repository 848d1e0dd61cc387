import { expect, test, type Page } from "@playwright/test";
import { demoLogin } from "../support/pages";

// Pages answer route ids and sign-in the way the API does (lib/server/page.ts beside
// lib/server/http.ts): a junk, out-of-range or unknown id renders the not-found page with a
// real 404 status, never a 500; an anonymous visitor to an account page is sent to /login, a
// guest to the signup offer.

const JUNK_IDS = ["abc", "0", "-1", "1.5", "1e3", "2147483648", "99999999999999999999"];

async function expectNotFound(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByText("Feature Coming Soon!")).toBeVisible();
}

test.describe("route ids on pages", () => {
  for (const pattern of ["/restaurants/ID", "/menu-items/ID", "/reviews/restaurant/ID"]) {
    test(`a junk or unknown id on ${pattern} is the not-found page`, async ({ page }) => {
      for (const id of [...JUNK_IDS, "2147483647"]) await expectNotFound(page, pattern.replace("ID", id));
    });
  }

  for (const pattern of ["/restaurants/ID/menu", "/restaurants/ID/orders", "/restaurants/ID/update", "/menu-items/ID/update", "/menu-items/ID/delete", "/orders/ID"]) {
    test(`a signed-in owner's ${pattern} answers a junk id with the not-found page`, async ({ page }) => {
      await demoLogin(page, 1);
      for (const id of ["abc", "2147483648"]) await expectNotFound(page, pattern.replace("ID", id));
    });
  }

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
