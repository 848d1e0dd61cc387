import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { makeOperator, northOf, placeRestaurant } from "../support/couriers";
import { createItem, signUpOwner } from "../support/owner";
import { cartButton, expectAccessible, fillCart, shoot, signUpInBrowser } from "../support/pages";
import { startServer, type Server } from "../support/server";

// Delivery pricing in a browser (docs/architecture/money-and-orders.md "Delivery pricing"), on a
// server of its own (E2E_PORT+15: distance pricing would change the shared servers' fees). The
// operator sets distance pricing on /admin/delivery-pricing (a bad field's message beside it,
// nothing saved); the restaurant page states the rule and the fee to the customer's address; the
// checkout's fee lines and total are the server's; the placed order's receipt says the same. With
// SCREENSHOT_DIR set, the three screens at 390 and 1280 px.

const PORT = Number(process.env.E2E_PORT ?? 3111) + 15;
let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ port: PORT, dataDir: "data/e2e-delivery-pricing-journey", args: [], env: { DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1" } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function pageAs(browser: Browser, client: Client, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}

test("the operator prices delivery by distance; the restaurant page, checkout and the receipt say the same fee", async ({ browser }) => {
  test.setTimeout(180_000);
  const nia = await signUpCustomer(server.url);
  await makeOperator(nia.user.id, server.dbFile);
  const admin = await pageAs(browser, nia.client, 1280);
  await admin.goto("/admin/delivery-pricing");
  await expect(admin.getByRole("heading", { name: "Delivery pricing" })).toBeVisible();
  await admin.getByRole("radio", { name: /By distance/ }).check();
  await admin.getByLabel("Base fee ($)").fill("2.99");
  await admin.getByLabel("Per km ($)").fill("0.755");
  await admin.getByRole("button", { name: "Add a band" }).click();
  await admin.getByLabel("Band 1: up to (km)").fill("2");
  await admin.getByLabel("Band 1: fee ($)").fill("1.99");
  await admin.getByRole("button", { name: "Add a band" }).click();
  await admin.getByLabel("Band 2: up to (km)").fill("5");
  await admin.getByLabel("Band 2: fee ($)").fill("3.99");
  await admin.getByRole("button", { name: "Save pricing" }).click();
  // Refused beside its field; nothing saved.
  await expect(admin.getByLabel("Per km ($)")).toHaveAccessibleDescription("perKm must be from $0 to $10, with at most two decimals");
  await expect(admin.getByRole("status")).toContainText("Nothing was changed");
  expect(await (await nia.client.get("/api/admin/delivery-pricing")).json()).toMatchObject({ mode: "flat", spec: true });
  await admin.getByLabel("Per km ($)").fill("0.75");
  await admin.getByLabel(/Why\?/).fill("Distance pricing for the launch");
  await admin.getByRole("button", { name: "Save pricing" }).click();
  await expect(admin.getByRole("status")).toContainText("Saved.");
  expect(await (await nia.client.get("/api/admin/delivery-pricing")).json()).toMatchObject({ mode: "distance", perKm: 0.75, bands: [{ upToKm: 2 }, { upToKm: 5 }] });
  await expectAccessible(admin, "delivery pricing");
  await shoot(admin, "delivery-pricing-operator");

  // A customer 3.5 km from a restaurant that delivers free from $100.
  const page = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto("/");
  const { client } = await signUpInBrowser(page);
  const me = await (await client.get("/api/auth/")).json();
  const shop = await signUpOwner(server.url);
  await createItem(shop.client, shop.restaurant.id, { name: "Second dish" });
  await placeRestaurant(shop.restaurant.id, northOf({ lat: me.lat, lng: me.lng }, 3.5), server.dbFile);
  await shop.client.put(`/api/manage/${shop.restaurant.id}/pricing`, { freeDeliveryOver: 100 });
  // The home cards: the market's lowest fee; to the address searched, its card says its free delivery, as the apps do.
  await page.goto("/home");
  await expect(page.getByRole("main")).toContainText("from $1.99 delivery fee");
  await page.goto(`/home?address=${encodeURIComponent(`${me.address}, ${me.city}, ${me.state}, ${me.zip}`)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: shop.restaurant.name, exact: true }) });
  await expect(card.first()).toContainText("$0 delivery fee over $100");

  await fillCart(page, shop.restaurant.id);
  const fee = page.getByRole("definition").filter({ hasText: "delivery fee" });
  await expect(fee).toContainText("$1.99 up to 2 km, $3.99 up to 5 km, then $2.99 + $0.75/km delivery fee");
  await expect(fee).toContainText("$3.99 to your address (3.5 km)");
  await expect(fee).toContainText("Free delivery on $100+");
  await expect(fee).not.toContainText("on $15+");
  await shoot(page, "delivery-pricing-restaurant");

  await cartButton(page).click();
  // The cart's fee is the one checkout charges: to the saved address, by distance.
  const cart = page.getByRole("dialog", { name: "Your cart" });
  await expect(cart.getByText("Delivery fee (3.5 km)")).toBeVisible();
  await expect(cart.getByTestId("cart-delivery-fee")).toHaveText("$3.99");
  await shoot(page, "delivery-pricing-cart");
  await cart.getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  const summary = page.getByRole("complementary", { name: "Your order" });
  const row = (label: string | RegExp) => summary.locator("dl > div").filter({ hasText: label });
  await expect(row("Delivery fee (3.5 km)")).toContainText("$3.99");
  const quote = await (
    await client.post("/api/orders/quote", {
      orderId: (await page.evaluate(() => JSON.parse(localStorage.getItem("currentOrder")!))).id,
      deliveryOption: "standard",
      tipPercent: 15,
      paymentMethod: "wallet",
    })
  ).json();
  await expect(row(/^Total/)).toContainText(`$${quote.total.toFixed(2)}`);
  await expectAccessible(page, "checkout");
  await shoot(page, "delivery-pricing-checkout");
  await page.getByRole("radio", { name: /Wallet Balance/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL(/\/orders$/);
  const orders = (await (await client.get("/api/orders")).json()).orders;
  expect(orders[0]).toMatchObject({ deliveryFee: 3.99, deliveryKm: 3.5, totalCost: quote.total });
  await page.goto(`/orders/${orders[0].id}/receipt`);
  await expect(page.getByText("Delivery fee (3.5 km)")).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`$${quote.total.toFixed(2)}`);
});
