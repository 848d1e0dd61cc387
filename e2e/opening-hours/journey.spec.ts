import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "../fixtures";
import { everyDay, localDateKey, wallClock } from "@/lib/shared/time/opening-hours";
import { createItem } from "../support/owner";
import { alertWith, cartButton, expectAccessible, fillCart, openPlacedOrder, signUpInBrowser } from "../support/pages";

// Opening hours in the browser: a closed restaurant's page says when it opens, checkout refuses
// "now" and starts on the first slot; the owner edits the week, sees errors beside the fields,
// and closes for today. The hours are set relative to the time of the test (any hour works).

test.describe.configure({ timeout: 120_000 });

const LA = "America/Los_Angeles";
const hh = (hour: number) => `${String(((hour % 24) + 24) % 24).padStart(2, "0")}:00`;
const SHOTS = process.env.SHOTS_DIR;

/** With SHOTS_DIR set: the page at phone and desktop widths (and `part` of it on its own). */
async function shoot(page: Page, name: string, part?: Locator) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    if (part) await part.screenshot({ path: `${SHOTS}/${name}-part-${width}.png` });
  }
}

test("a closed restaurant says when it opens, and checkout refuses now and offers the next slot", async ({ page, owner }) => {
  const hour = wallClock(new Date(), LA).hour;
  const put = await owner.client.put(`/api/manage/${owner.restaurant.id}`, { hours: everyDay({ open: hh(hour + 2), close: hh(hour + 4) }) });
  expect(put.status()).toBe(200);
  await createItem(owner.client, owner.restaurant.id, { name: "Garden Salad", food_type: "appetizer" });

  await signUpInBrowser(page);
  await fillCart(page, owner.restaurant.id);
  await expect(page.locator("header").getByText(/^Closed - opens /)).toBeVisible();
  await shoot(page, "restaurant-closed", page.locator("header").filter({ hasText: owner.restaurant.name }).first());

  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  const refusal = page.getByRole("status").filter({ hasText: `${owner.restaurant.name} is closed right now. You can schedule an order for ` });
  await expect(refusal).toBeVisible();
  await expect(page.getByRole("radio", { name: /Schedule/ })).toBeChecked();
  await expectAccessible(page, "checkout, closed restaurant");
  await shoot(page, "checkout-closed");

  await page.getByRole("button", { name: "Place order" }).click();
  if ((hour + 2) % 24 === 0) {
    // An opening at midnight is not chosen for the customer: Place order asks for the time.
    const picker = page.getByRole("dialog", { name: "Schedule delivery" });
    await picker.getByRole("tabpanel").getByRole("button").first().click();
    await picker.getByRole("button", { name: /^Schedule for / }).click();
    await page.getByRole("button", { name: "Place order" }).click();
  }
  // The confirmation says when, in the restaurant's time zone, rather than "arriving soon".
  await expect(alertWith(page, /^Your order is scheduled for /)).toBeVisible();
  const id = await openPlacedOrder(page);
  const order = await (await page.request.get(`/api/orders/${id}`)).json();
  expect(order).toMatchObject({ status: "Submitted", deliveryOption: "schedule" });
  expect(wallClock(new Date(order.scheduledFor), LA).hour).toBe((hour + 2) % 24);
});

test("the owner edits the weekly hours with errors beside the fields, and closes for today", async ({ page, owner }) => {
  await page.goto("/login");
  await page.getByLabel("Email or phone number").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/home");
  await page.goto(`/restaurants/${owner.restaurant.id}/update`);
  await page.waitForLoadState("networkidle");

  const monday = page.getByRole("group", { name: "Monday", exact: true });
  await monday.getByRole("checkbox", { name: "Open" }).uncheck();
  await expect(monday.getByText("Closed", { exact: true })).toBeVisible();

  const tuesday = page.getByRole("group", { name: "Tuesday", exact: true });
  await tuesday.getByLabel("Opens").first().fill("11:00");
  await tuesday.getByLabel("Closes").first().fill("14:30");
  await tuesday.getByRole("button", { name: "Add hours on Tuesday" }).click();
  const second = page.getByRole("group", { name: "Tuesday, interval 2" });
  await second.getByLabel("Opens").fill("14:00");
  await expect(second.getByText("Tuesday's intervals overlap")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await second.getByLabel("Opens").fill("17:00");
  await second.getByLabel("Closes").fill("01:00");
  await expect(second.getByText("Past midnight")).toBeVisible();
  const summary = "Mon Closed; Tue 11:00 AM - 2:30 PM, 5:00 PM - 1:00 AM; Wed-Sun Open 24 hours";
  await expect(page.getByText(`Customers see: ${summary}`)).toBeVisible();
  await expectAccessible(page, "restaurant form, hours");
  await shoot(page, "owner-hours", page.getByRole("group", { name: "Opening hours" }));

  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL("**/restaurants/manage");
  // The owner's list reads the schedule as customers do, and the API's text is written from it.
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: owner.restaurant.name }) })).toContainText(summary);
  const { restaurant } = await (await page.request.get(`/api/restaurants/${owner.restaurant.id}`)).json();
  expect(restaurant.businessHours).toBe("Mon Closed; Tue 11:00 AM - 2:30 PM, 5:00 PM - 1:00 AM; Wed-Sun Open 24 hours (12:00 AM - 12:00 AM)");
  expect(restaurant.hours.mon).toEqual([]);
  expect(restaurant.hours.tue).toEqual([
    { open: "11:00", close: "14:30" },
    { open: "17:00", close: "01:00" },
  ]);

  await page.goto(`/restaurants/${owner.restaurant.id}/update`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Close for today" }).click();
  await expect(page.getByRole("button", { name: "Closed today" })).toBeDisabled();
  const today = localDateKey(new Date(), LA);
  await expect
    .poll(async () => (await (await page.request.get(`/api/restaurants/${owner.restaurant.id}`)).json()).restaurant.closures)
    .toEqual([{ from: today, to: today }]);
  const after = (await (await page.request.get(`/api/restaurants/${owner.restaurant.id}`)).json()).restaurant;
  expect(after.openNow).toBe(false);
});

test("home: the Open now filter is a checkbox, works from the keyboard, lives in the URL and keeps the sort", async ({ page }) => {
  await page.goto("/home?sort=rating");
  const filter = page.getByRole("checkbox", { name: "Open now" });
  await expect(filter).not.toBeChecked();
  await filter.check();
  await page.waitForURL(/\/home\?sort=rating&open=true$/);
  await expect(filter).toBeChecked();
  // The demo restaurants the e2e tests order from are open around the clock.
  await expect(page.locator("main").getByText("Open 24 hours").first()).toBeVisible();
  await shoot(page, "home-open-now");
  await filter.focus();
  await page.keyboard.press("Space");
  await page.waitForURL(/\/home\?sort=rating$/);
  await expect(filter).not.toBeChecked();
  await page.goBack();
  await page.waitForURL(/\/home\?sort=rating&open=true$/);
  await expect(filter).toBeChecked();
});
