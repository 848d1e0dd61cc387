import { expect, test } from "../fixtures";
import { signUpOperator } from "../support/operator";
import { createItem, signUpOwner } from "../support/owner";
import { alertWith, cartButton, expectAccessible, fillCart, shoot, signUpInBrowser } from "../support/pages";

// A membership at 390 px (docs/architecture/membership.md): a customer joins the operator's plan on
// the saved card; an eligible cart (3 dishes, $37.50, over the plan's $30 basket) says "Delivery
// fee $0.00" and what the membership saves, on the cart, at checkout and on the receipt; a cart
// below the basket size pays the full $6.49 with no saving line; the plan retired, the page says
// when the benefits end.

const PHONE = { width: 390, height: 844 };

test("a member pays $0 delivery on an eligible cart and the full fee below the basket size", async ({ page, browser, baseURL }) => {
  const nia = await signUpOperator(baseURL!);
  const name = `Nosh+ ${Date.now().toString(36)}`;
  const plan = await (await nia.client.post("/api/admin/membership-plans", { marketId: 1, name, price: 9.99, basket: 30, serviceFeeDiscountPercent: 50 })).json();
  const shop = await signUpOwner(baseURL!);
  await createItem(shop.client, shop.restaurant.id, { name: "Second dish" });

  await page.setViewportSize(PHONE);
  await signUpInBrowser(page);
  await page.goto("/membership");
  await expect(page.getByRole("heading", { level: 1, name: "Nosh membership" })).toBeVisible();
  const offer = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(offer).toContainText("Free delivery on orders of $30.00 or more, and 50% off the service fee.");
  await offer.getByRole("button", { name: "Join for $9.99 a month" }).click();
  await expect(alertWith(page, `Welcome to ${name}: $9.99 a month`)).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Renews on");
  await expectAccessible(page, "membership");
  await shoot(page, "membership");
  expect(plan.id).toBeGreaterThan(0);

  // 2 x House Burger + 1 x Second dish: $37.50, over the basket.
  await fillCart(page, shop.restaurant.id);
  await cartButton(page).click();
  const cart = page.getByRole("dialog", { name: "Your cart" });
  await expect(cart.getByTestId("cart-delivery-fee")).toHaveText("$0.00");
  await expect(cart.getByTestId("cart-member-saving")).toContainText("You save $8.36");
  await shoot(page, "membership-cart");
  await cart.getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  const summary = page.getByRole("complementary", { name: "Your order" });
  const row = (label: string | RegExp) => summary.locator("dl > div").filter({ hasText: label });
  await expect(row("Delivery fee")).toContainText("$0.00");
  await expect(summary.getByTestId("member-saving")).toContainText("You save $8.36");
  await expect(row("Tax and fees")).toContainText("$1.88");
  await shoot(page, "membership-checkout");
  await page.getByRole("radio", { name: /Wallet Balance/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL(/\/orders$/);
  const orders = (await (await page.request.get("/api/orders")).json()).orders;
  expect(orders[0]).toMatchObject({ deliveryFee: 0, serviceFee: 1.88 });
  await page.goto(`/orders/${orders[0].id}/receipt`);
  await expect(page.getByRole("main")).toContainText("Membership savings");
  await expect(page.getByRole("main")).toContainText("-$8.36");

  // Below the basket: one dish, $12.50: the full fee, no saving.
  await page.goto(`/restaurants/${shop.restaurant.id}`);
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await cartButton(page).click();
  await expect(cart.getByTestId("cart-delivery-fee")).toHaveText("$6.49");
  await expect(cart.getByTestId("cart-member-saving")).toHaveCount(0);
  await cart.getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  await expect(row("Delivery fee")).toContainText("$6.49");
  await expect(summary.getByTestId("member-saving")).toHaveCount(0);

  // The operator retires the plan: the member is told it renews no more and when the benefits end.
  expect((await nia.client.post(`/api/admin/membership-plans/${plan.id}/retire`)).status()).toBe(200);
  await page.goto("/membership");
  await expect(page.getByRole("main")).toContainText("This plan is no longer offered: you will not be charged again, and your benefits end on");
  await expect(page.getByRole("button", { name: "Charge renewals to this card" })).toHaveCount(0);
  await shoot(page, "membership-retired");

  // The operator's report, for the screenshots only (SCREENSHOT_DIR).
  if (process.env.SCREENSHOT_DIR) {
    const admin = await (await browser.newContext({ baseURL, viewport: PHONE, storageState: await nia.client.ctx.storageState() })).newPage();
    await admin.goto("/admin/membership");
    await expect(admin.getByRole("row").filter({ hasText: name })).toBeVisible();
    await shoot(admin, "membership-admin");
  }
});
