import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { placeOrder } from "../support/orders";
import { createItem, createRestaurant } from "../support/owner";
import { signUpOperator } from "../support/operator";

// The operator console in a browser (docs/architecture/operator.md): the operator hides an
// abusive review and suspends a restaurant, each with a reason; the audit log shows both; the
// review's author and the restaurant's owner see what happened and why. With SCREENSHOT_DIR
// set, the dashboard, restaurants, reviews and audit pages are saved at 390 and 1280 px.

async function pageAs(browser: Browser, client: Client, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}

const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

test("the operator hides a review and suspends a restaurant, with reasons the author and the owner see", async ({ browser, baseURL }) => {
  const nia = await signUpOperator(baseURL!);
  const owner = await signUpCustomer(baseURL!);
  const name = `Wombat Console Diner ${Date.now().toString(36)}`;
  const restaurant = await createRestaurant(owner.client, { name });
  const item = await createItem(owner.client, restaurant.id);
  const author = await signUpCustomer(baseURL!);
  const order = await placeOrder(author.client, { restaurantId: restaurant.id, itemId: item.id });
  const text = `Rude words ${Date.now().toString(36)}`;
  const created = await author.client.post("/api/reviews/", { restaurant_id: restaurant.id, order_id: order.id, review: text, order_rating: 1, restaurant_rating: 1 });
  expect(created.status()).toBe(201);

  const page = await pageAs(browser, nia.client, baseURL!, 1280);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Problem reports" })).toHaveAttribute("href", "/admin/problems");

  // One review reads "1 review" in the console's list.
  await page.goto(`/admin/restaurants?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("1 rating, 1 review · commission");

  // Hide the review.
  await page.goto(`/admin/reviews?q=${encodeURIComponent(text)}`);
  const review = page.getByRole("listitem").filter({ hasText: text });
  await review.getByRole("button", { name: /^Hide/ }).click();
  await review.getByLabel(/Why\?/).fill("Abusive language");
  await review.getByRole("button", { name: "Confirm: hide" }).click();
  await expect(review.getByText("Hidden", { exact: true })).toBeVisible();
  await expect(review.getByText(/Abusive language/)).toBeVisible();
  await shot(page, "reviews-1280");

  // The owner still sees the hidden review on their reviews page, and no "No reviews yet!" beside it.
  const ownerPage = await pageAs(browser, owner.client, baseURL!, 1280);
  await ownerPage.goto(`/reviews/restaurant/${restaurant.id}`);
  await expect(ownerPage.getByRole("region", { name: "Rating summary" })).toContainText("Not rated yet");
  await expect(ownerPage.getByRole("main").getByText(text)).toBeVisible();
  await expect(ownerPage.getByText("No reviews yet!")).toHaveCount(0);

  // Suspend the restaurant.
  await page.goto(`/admin/restaurants?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await card.getByRole("button", { name: /^Suspend/ }).click();
  await card.getByLabel(/Why\?/).fill("Failed health inspection");
  await card.getByRole("button", { name: "Confirm: suspend" }).click();
  await expect(card.getByText("Suspended", { exact: true })).toBeVisible();
  await expect(card.getByText(/Failed health inspection/)).toBeVisible();
  await shot(page, "restaurants-1280");

  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "review.hide" }).first()).toBeVisible();
  await expect(page.getByRole("main").getByText("Why: Failed health inspection")).toBeVisible();
  await shot(page, "audit-1280");
  // In the operator's own zone (their browser's: Tokyo), the change in words.
  const tokyo = await (await browser.newContext({ baseURL, timezoneId: "Asia/Tokyo", storageState: await nia.client.ctx.storageState() })).newPage();
  await tokyo.goto(`/admin/audit?targetType=restaurant&targetId=${restaurant.id}`);
  const suspended = tokyo.locator('[data-audit="restaurant.suspend"]');
  await expect(suspended).toContainText("Was taking orders: yes");
  // The zone is named once, in the console's bar, not after every date.
  await expect(suspended.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
  await expect(tokyo.locator("[data-console-zone]")).toHaveText("Times in Asia/Tokyo");
  await tokyo.goto(`/admin/restaurants?q=${encodeURIComponent(name)}`);
  await expect(tokyo.getByRole("listitem").filter({ hasText: name }).locator("time")).toHaveText(/[AP]M$/);
  await tokyo.context().close();
  await page.goto("/admin");
  await shot(page, "dashboard-1280");

  // The customer's page of the restaurant is gone; the owner and the author see why.
  await ownerPage.goto(`/restaurants/${restaurant.id}/menu`);
  await expect(ownerPage.getByRole("main").getByText("This restaurant is suspended by Nosh")).toBeVisible();
  await expect(ownerPage.getByRole("main").getByText(/Failed health inspection/)).toBeVisible();
  const authorPage = await pageAs(browser, author.client, baseURL!, 1280);
  await authorPage.goto("/reviews");
  await expect(authorPage.getByRole("main").getByText(/Hidden by Nosh: Abusive language/)).toBeVisible();
  expect((await authorPage.goto(`/restaurants/${restaurant.id}`))!.status()).toBe(404);

  // The same pages at phone width.
  const phone = await pageAs(browser, nia.client, baseURL!, 390);
  for (const [path, label] of [
    ["/admin", "dashboard"],
    [`/admin/restaurants?q=${encodeURIComponent(name)}`, "restaurants"],
    [`/admin/reviews?q=${encodeURIComponent(text)}`, "reviews"],
    ["/admin/audit", "audit"],
    ["/admin/courier-ratings?view=down", "courier-ratings"],
    [`/admin/users/${author.user.id}`, "user"],
  ] as const) {
    await phone.goto(path);
    await expect(phone.getByRole("navigation", { name: "Operator console" })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth), `${path} fits 390 px`).toBeLessThanOrEqual(390);
    // A table keeps each cell on one line (its wrapper scrolls sideways), never wrapped letter by letter; a wide cell wraps by words.
    const squeezed = await phone
      .locator("main table :is(th, td):not([class*=wideCell])")
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.getBoundingClientRect().height > 60).map((cell) => `${cell.textContent}: ${Math.round(cell.getBoundingClientRect().height)} px high`),
      );
    expect(squeezed, `${path}'s table cells at 390 px`).toEqual([]);
    await shot(phone, `${label}-390`);
  }
  // The last, the author's page: their order and their wallet ledger, both tables.
  await expect(phone.locator("main table")).toHaveCount(2);
});

test("a customer gets the 404 page at /admin; an anonymous visitor goes to log in", async ({ browser, baseURL, customer }) => {
  const page = await pageAs(browser, customer.client, baseURL!, 1280);
  expect((await page.goto("/admin/restaurants"))!.status()).toBe(404);
  const anonymous = await (await browser.newContext({ baseURL })).newPage();
  await anonymous.goto("/admin/audit");
  await expect(anonymous).toHaveURL(/\/login/);
});
