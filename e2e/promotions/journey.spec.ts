import { expect, test, type Page } from "../fixtures";
import type { Client } from "../support/api";
import { cartButton, expectAccessible, openPlacedOrder, shoot, signUpInBrowser } from "../support/pages";

// Promotions through the pages (docs/architecture/promotions.md): the owner creates a code and
// an automatic offer on /restaurants/{id}/promotions; a customer sees the offer badge on the
// restaurant page, gets the offer by itself at checkout, is told why a wrong code does not
// apply, applies the code, sees the discount line, and finds it on the receipt. Zones: the
// owner's browser is in Tokyo while the restaurant is in Los Angeles: the dates are typed and shown
// on the restaurant's clock (and the list hydrates without React #418); each promotion shows its
// state and results; an offer's "uses per customer" starts empty (no limit); the badge and the
// checkout say why an offer does not apply.

test.describe.configure({ timeout: 120_000 });
// The owner's page (the `page` fixture); the customer's context is made by hand and keeps the default.
test.use({ timezoneId: "Asia/Tokyo" });

/** The browser takes the fixture's signed-in session (signing in through the form would count against the login throttle). */
async function logIn(page: Page, client: Client) {
  await page.context().addCookies((await client.ctx.storageState()).cookies);
}
const summaryRow = (page: Page, label: string | RegExp) => page.getByRole("complementary", { name: "Your order" }).locator("dl > div").filter({ hasText: label });

test("the owner creates a code and an offer; the customer sees the badge, applies the code at checkout and finds the discount on the receipt", async ({
  page,
  browser,
  owner,
}) => {
  await logIn(page, owner.client);
  await page.goto("/restaurants/manage");
  await page.getByRole("link", { name: `Promotions ${owner.restaurant.name}` }).click();
  await page.waitForURL(`**/restaurants/${owner.restaurant.id}/promotions`);
  await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  // A code that is not one: the error beside the field, nothing created.
  await page.getByLabel("Code", { exact: true }).fill("ab");
  await page.getByLabel("Amount off ($)").or(page.getByLabel("Percent off")).fill("10");
  await page.getByRole("button", { name: "Create promotion" }).click();
  await expect(page.getByText("Code must be 4-16 letters or digits (or leave it empty for an automatic offer)")).toBeVisible();
  await expect(page.getByLabel("Code", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // The code: $5.00 off, 10 uses in all.
  await page.getByLabel("Code", { exact: true }).fill("welcome5");
  await page.getByLabel("Discount type").selectOption("amount");
  await page.getByLabel("Amount off ($)").fill("5");
  await page.getByLabel("Total uses").fill("10");
  await page.getByRole("button", { name: "Create promotion" }).click();
  const code = page.getByRole("listitem", { name: "code welcome5" });
  await expect(code).toContainText("$5.00 off");
  await expect(code).toContainText("0 used of 10");

  // An automatic offer with a minimum, ending at 19:00 typed on the restaurant's clock (Los Angeles),
  // whatever the browser's (Tokyo): 03:00Z the next day. Uses per customer: empty, no limit.
  await expect(page.getByLabel("Uses per customer")).toHaveValue("");
  await expect(page.getByText("Optional: never when empty. Times in America/Los_Angeles")).toBeVisible();
  await page.getByLabel("Discount type").selectOption("amount");
  await page.getByLabel("Amount off ($)").fill("3");
  await page.getByLabel("Minimum subtotal ($)").fill("100");
  await page.getByLabel("Ends", { exact: true }).fill("2099-12-01T19:00");
  await page.getByRole("button", { name: "Create promotion" }).click();
  const big = page.getByRole("listitem", { name: /automatic offer "\$3\.00 off on orders of \$100\.00 or more"/ });
  await expect(big).toContainText("Until Dec 1, 2099, 7:00 PM");
  await expect(big).toContainText("no limit per customer");
  await expect(big).toContainText("Active");
  const stored = (await (await owner.client.get(`/api/manage/${owner.restaurant.id}/promotions`)).json()).promotions;
  expect(stored.find((p: { code: string | null; minSubtotal: number }) => p.minSubtotal === 100)).toMatchObject({
    endsAt: "2099-12-02T03:00:00.000Z",
    perCustomerLimit: null,
  });

  // The automatic offer: 20% off a first order.
  await page.getByLabel("Discount type").selectOption("percent");
  await page.getByLabel("Percent off").fill("20");
  await page.getByLabel("First order only").check();
  await page.getByRole("button", { name: "Create promotion" }).click();
  await expect(page.getByRole("listitem", { name: /automatic offer "20% off your first order"/ })).toBeVisible();
  await expectAccessible(page, "promotions");
  await shoot(page, "owner-promotions");

  // Edit the code's total uses: the form takes its values, Save keeps them.
  await code.getByRole("button", { name: "Edit code welcome5" }).click();
  await expect(page.getByLabel("Amount off ($)")).toHaveValue("5");
  await page.getByLabel("Total uses").fill("20");
  await page.getByRole("button", { name: "Save promotion" }).click();
  await expect(code).toContainText("0 used of 20");

  // The customer, in a browser of their own.
  const context = await browser.newContext();
  const customer = await context.newPage();
  await signUpInBrowser(customer);
  await customer.goto(`/restaurants/${owner.restaurant.id}`);
  const offers = customer.getByRole("list", { name: "Offers" });
  await expect(offers).toContainText("20% off your first order");
  await shoot(customer, "restaurant-offer-badge");
  await customer.waitForLoadState("networkidle");
  await customer
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await expect(cartButton(customer)).toHaveAccessibleName("Open cart, 1 item");
  await cartButton(customer).click();
  await customer.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await customer.waitForURL("**/checkout");

  // The offer applies by itself: 20% of 12.50; the other says why it does not.
  await expect(summaryRow(customer, "Promotion (20% off your first order)")).toContainText("-$2.50");
  await expect(customer.getByRole("list", { name: "Offers not applied" })).toHaveText("$3.00 off on orders of $100.00 or more: Spend $87.50 more");
  await shoot(customer, "checkout-offer-reason");
  await customer.getByRole("textbox", { name: "Promo code" }).fill("nope1234");
  await customer.getByRole("button", { name: "Apply" }).click();
  await expect(customer.getByRole("alert").filter({ hasText: "We don't recognize that code. Check it and try again." })).toBeVisible();
  await expect(customer.getByRole("textbox", { name: "Promo code" })).toHaveAttribute("aria-invalid", "true");
  await customer.getByRole("textbox", { name: "Promo code" }).fill(" Welcome5 ");
  await customer.getByRole("button", { name: "Apply" }).click();
  await expect(customer.getByRole("status").filter({ hasText: "WELCOME5" })).toContainText("$5.00 off applied");
  await expect(summaryRow(customer, "Promotion (WELCOME5)")).toContainText("-$5.00");
  const total = (await summaryRow(customer, /^Total/)
    .locator("dd")
    .textContent())!;
  await expectAccessible(customer, "checkout with a code");
  await shoot(customer, "checkout-promo");

  await customer.getByRole("button", { name: "Place order" }).click();
  await openPlacedOrder(customer);
  const receipt = customer.getByRole("region", { name: "Receipt" });
  await expect(receipt.locator("dl > div").filter({ hasText: "Promotion (WELCOME5)" })).toContainText("-$5.00");
  await expect(receipt.locator("dl > div").filter({ hasText: /^Total/ })).toContainText(total);
  // Back on the restaurant's page, the first-order offer says why it no longer applies.
  await customer.goto(`/restaurants/${owner.restaurant.id}`);
  await expect(offers.getByRole("listitem").filter({ hasText: "20% off your first order" })).toContainText("For your first order here only");
  await shoot(customer, "restaurant-offer-reason");
  await context.close();

  // The owner's list counts the use and shows its results; rendered by the server and hydrated in
  // another zone than the server's, without an error (React #418 was every load's).
  const problems: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && problems.push(message.text())));
  page.on("pageerror", (error) => void problems.push(error.message));
  await page.reload();
  const used = page.getByRole("listitem", { name: "code welcome5" });
  await expect(used).toContainText("1 used of 20");
  await expect(used.locator('dl[aria-label="Results"]')).toContainText("Discount given$5.00");
  await expect(big).toContainText("Until Dec 1, 2099, 7:00 PM");
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
  await shoot(page, "owner-promotions-results");
});
