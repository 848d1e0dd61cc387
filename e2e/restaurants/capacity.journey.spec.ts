import { expect, test } from "../fixtures";
import { QUARTER_MS } from "@/lib/shared/kitchen/kitchen-capacity";
import { orderBody, standardWallet } from "../support/orders";
import { createItem } from "../support/owner";
import { alertWith, cartButton, expectAccessible, fillCart, shoot, signUpInBrowser } from "../support/pages";

// A kitchen's capacity in the browser (docs/architecture/kitchen.md "Capacity"): the owner sets it
// on the restaurant's settings page (a bad number said beside the field), and a customer checking
// out at a full kitchen is offered the next free slot, with its time, and orders for it.

test.describe.configure({ timeout: 120_000 });

test("the owner sets a capacity; at a full kitchen checkout offers the next free slot and the order is placed for it", async ({ page, owner, customer }) => {
  const id = owner.restaurant.id;
  await createItem(owner.client, id, { name: "Garden Salad", food_type: "appetizer" });
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  await page.goto(`/restaurants/${id}/update`);
  const section = page.getByRole("region", { name: "Kitchen capacity" });
  await expect(section.getByText("No limit: every order for now is taken while you are open.")).toBeVisible();
  const field = section.getByLabel("Orders per 15 minutes");
  await field.fill("0");
  await section.getByRole("button", { name: "Save capacity" }).click();
  await expect(section.getByText("Enter a whole number of orders from 1 to 500, or leave it empty for no limit")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("1");
  await section.getByRole("button", { name: "Save capacity" }).click();
  await expect(section.getByRole("status")).toHaveText("Saved: at most 1 order per 15 minutes");
  await expectAccessible(page, "settings, kitchen capacity");
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "capacity-settings");

  // The quarter hour filled by another customer (a minute and a half at least left of it).
  const left = QUARTER_MS - (Date.now() % QUARTER_MS);
  if (left < 90_000) await page.waitForTimeout(left + 500);
  expect((await customer.client.post("/api/orders/", { ...orderBody(id, owner.item.id), submit: standardWallet })).status()).toBe(201);

  await page.context().clearCookies();
  await signUpInBrowser(page);
  await fillCart(page, id);
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  const schedule = page.getByRole("radio", { name: /Schedule/ });
  const place = page.getByRole("button", { name: "Place order" });
  await expect(place).toBeEnabled();
  // Known when the page was rendered (the order at checkout in its cookie), or said by Place order's refusal.
  if (!(await schedule.isChecked())) await place.click();
  await expect(page.getByText(`${owner.restaurant.name}'s kitchen is full right now. The next free time is `).first()).toBeVisible();
  await expect(schedule).toBeChecked();
  await expect(page.getByText(/Kitchen full until \d{1,2}:\d{2} (AM|PM)/).first()).toBeVisible();
  await expectAccessible(page, "checkout, kitchen full");
  await shoot(page, "checkout-next-slot");

  await place.click();
  await expect(alertWith(page, /^Your order is scheduled for /)).toBeVisible();
});
