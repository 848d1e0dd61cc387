import { expect, test } from "../fixtures";
import { signUpOperator } from "../support/operator";
import { signUpOwner } from "../support/owner";
import { placeOrder } from "../support/orders";
import { shoot } from "../support/pages";
import { formatCents } from "@/lib/shared/money/money";

// A customer reading Spanish with a dish of a restaurant in a market in MXN (docs/architecture/languages.md
// "Markets and currencies"): the cart, checkout's summary and the order's page print pesos the Spanish
// way ("25,00 MXN"), never US dollars ("$25.00", "25,00 US$").

test.describe.configure({ timeout: 120_000 });

/** No amount in US dollars, English's or Spanish's way. */
const NO_DOLLARS = /US\$|(^|[^A-Z])\$\s?\d/;

test("a Spanish reader's cart, checkout, order and orders list of an MXN restaurant are in MXN", async ({ page, baseURL, customer }) => {
  const nia = await signUpOperator(baseURL!);
  const opened = await nia.client.post("/api/admin/markets", {
    code: `cdmx-cart-${Date.now().toString(36)}`,
    name: "Ciudad de México",
    currency: "MXN",
    timeZone: "America/Mexico_City",
    languages: ["es", "en"],
  });
  expect(opened.status()).toBe(201);
  const { market } = await opened.json();
  const owner = await signUpOwner(baseURL!);
  expect((await nia.client.put(`/api/admin/restaurants/${owner.restaurant.id}/market`, { marketId: market.id })).status()).toBe(200);
  const pesos = (cents: number) => formatCents(cents, { locale: "es", currency: "MXN" });
  const priceCents = Math.round(owner.item.price * 100);

  // The customer, with an address (an Add asks for one), in the browser reading Spanish.
  expect((await customer.client.put(`/api/users/${customer.user.id}`, { address: "100 Market St", city: "San Francisco", state: "CA", zip: "94105" })).status()).toBe(
    200,
  );
  await page.context().addCookies([...(await customer.client.ctx.storageState()).cookies, { name: "nosh_lang", value: "es", url: baseURL! }]);

  await test.step("the restaurant's Add puts the dish in the cart, which prints pesos", async () => {
    await page.goto(`/restaurants/${owner.restaurant.id}`);
    await page.waitForLoadState("networkidle");
    const add = page.getByRole("button", { name: `Añadir ${owner.item.name} al carrito` });
    await add.click();
    await expect(page.getByRole("button", { name: "Abrir el carrito, 1 artículo" })).toBeVisible();
    await add.click();
    await page.getByRole("button", { name: /^Abrir el carrito/ }).click();
    const cart = page.getByRole("dialog", { name: "Tu carrito" });
    await expect(cart.getByTestId("cart-subtotal")).toHaveText(pesos(priceCents * 2));
    await expect(cart.getByTestId("cart-line")).toContainText(pesos(priceCents * 2));
    await expect(cart).toContainText("MXN");
    await expect(cart).not.toContainText(NO_DOLLARS);
    await shoot(page, "cart-mxn-es", [390]);
  });

  await test.step("checkout's summary, tips, delivery options and total print pesos", async () => {
    await page.getByRole("dialog", { name: "Tu carrito" }).getByRole("button", { name: "Pagar" }).click();
    await page.waitForURL(/\/checkout$/);
    const summary = page.getByRole("region", { name: "Resumen del pedido" });
    await expect(summary).toContainText(pesos(priceCents * 2));
    await expect(summary).toContainText("MXN");
    await expect(summary).not.toContainText(NO_DOLLARS);
    await expect(page.getByRole("group", { name: /propina/i }).first()).toContainText("MXN");
    await expect(page.getByRole("group", { name: /propina/i }).first()).not.toContainText(NO_DOLLARS);
    await shoot(page, "checkout-mxn-es", [390]);
  });

  await test.step("the order's page prints pesos", async () => {
    const order = await placeOrder(customer.client, {
      restaurantId: owner.restaurant.id,
      itemId: owner.item.id,
      quantity: 2,
      submit: { deliveryOption: "pickup", tipPercent: 15, paymentMethod: "card", currency: "MXN" },
    });
    expect(order.currency).toBe("MXN");
    await page.goto(`/orders/${order.id}`);
    const main = page.getByRole("main");
    await expect(main).toContainText(pesos(Math.round(order.totalCost * 100)));
    await expect(main).not.toContainText(NO_DOLLARS);
    // The orders list's card too.
    await page.goto("/orders");
    const card = page.getByRole("article").filter({ hasText: `n.º ${order.id}` });
    await expect(card).toContainText(pesos(Math.round(order.totalCost * 100)));
    await expect(card).not.toContainText(NO_DOLLARS);
  });
});
