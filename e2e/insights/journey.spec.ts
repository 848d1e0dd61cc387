import { expect, test, type Page } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { acceptOrder, placeOrder } from "../support/orders";
import { expectAccessible, expectPhoneThumbSized, shoot } from "../support/pages";

// The owner's insights page: from the manage screen, a range picked in the URL, the server-drawn
// chart with its table, and the CSV download of the range.

test.describe.configure({ timeout: 120_000 });

/**
 * The browser takes the fixture's signed-in session (its cookies): signing in through the form
 * here would count against the login throttle of 127.0.0.1, which the limit specs exhaust.
 */
async function logIn(page: Page, client: Client) {
  await page.context().addCookies((await client.ctx.storageState()).cookies);
}

test("the owner opens insights, picks 30 days, reads the chart as a table and downloads the orders", async ({ page, baseURL, owner }) => {
  const { client: customer } = await signUpCustomer(baseURL!);
  const order = await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2 });
  await acceptOrder(owner.client, owner.restaurant.id, order.id);
  // Placed, never accepted: not a sale.
  await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 3 });

  await logIn(page, owner.client);
  await page.goto("/restaurants/manage");
  await page.getByRole("link", { name: `Insights ${owner.restaurant.name}` }).click();
  await page.waitForURL(`**/restaurants/${owner.restaurant.id}/insights`);
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "30 days" }).click();
  await page.waitForURL("**/insights?days=30");
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  const chart = page.getByRole("img", { name: /^Revenue per day/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect")).toHaveCount(30);
  // Revenue is the accepted order's food sales: its subtotal, without fees or tip.
  const revenue = `$${order.subtotal.toFixed(2)}`;
  await expect(page.getByRole("definition").filter({ hasText: revenue }).first()).toBeVisible();

  const figure = page.getByRole("figure").filter({ has: chart });
  await figure.getByText("Show as a table").click();
  const table = figure.getByRole("table", { name: "Revenue per day" });
  await expect(table.getByRole("row")).toHaveCount(31);
  await expect(table.getByRole("cell", { name: revenue })).toBeVisible();
  await expect(page.getByRole("table", { name: "By quantity" }).getByRole("row", { name: new RegExp(owner.item.name) })).toContainText("2");
  await expect(page.getByRole("table", { name: "By revenue" }).getByRole("row", { name: new RegExp(owner.item.name) })).toContainText(revenue);
  await expectAccessible(page, "insights");
  // The range chips and the downloads are a thumb's size on a phone.
  await expectPhoneThumbSized(page, 'nav[aria-label="Range"] a, a[download]');
  await shoot(page, "insights");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download orders (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^nosh-\d+-orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString("utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^order_id,submitted_at,/);
  expect(csv).toContain(`${order.id},`);
});

test("a custom range is kept in the URL; a reversed one names the field", async ({ page, owner }) => {
  await logIn(page, owner.client);
  await page.goto(`/restaurants/${owner.restaurant.id}/insights`);
  await page.getByLabel("From", { exact: true }).fill("2026-11-10");
  await page.getByLabel("To", { exact: true }).fill("2026-11-01");
  await page.getByRole("button", { name: "Show range" }).click();
  await page.waitForURL("**/insights?from=2026-11-10&to=2026-11-01");
  await expect(page.getByText("from must be on or before to").first()).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("From", { exact: true }).fill("2026-10-01");
  await page.getByLabel("To", { exact: true }).fill("2026-10-31");
  await page.getByRole("button", { name: "Show range" }).click();
  await page.waitForURL("**/insights?from=2026-10-01&to=2026-10-31");
  await expect(page.getByRole("img", { name: /^Revenue per day/ }).locator("rect")).toHaveCount(31);
  await expect(page.getByRole("link", { name: "Download orders (CSV)" })).toHaveAttribute(
    "href",
    `/api/manage/${owner.restaurant.id}/exports/orders.csv?from=2026-10-01&to=2026-10-31`,
  );
});

test("someone else's insights are the not-found page", async ({ page, customer, owner }) => {
  await logIn(page, customer.client);
  const response = await page.goto(`/restaurants/${owner.restaurant.id}/insights`);
  expect(response!.status()).toBe(404);
});
