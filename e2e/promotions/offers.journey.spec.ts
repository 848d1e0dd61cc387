import { expect, test } from "../fixtures";
import { deliverOrder } from "../support/orders";
import { createItem } from "../support/owner";
import { signUpOperator } from "../support/operator";
import { write } from "../support/couriers";
import { cartButton, expectAccessible, openPlacedOrder, shoot, signUpInBrowser } from "../support/pages";

// The offers restaurants run on a phone (docs/architecture/promotions.md "Offers"): the owner's free
// lemonade over a basket and the platform's buy one get one on the burger; the customer sees the
// offer on the dish, each cart line's saving as the cart changes (the free lemonade, then the burger
// that beats it), the discount at checkout, and at delivery the platform pays for it.

test.use({ viewport: { width: 390, height: 844 } });

test("a free dish and a buy one get one priced on the cart line and at checkout; the platform's offer paid at delivery", async ({ page, owner, baseURL }) => {
  const lemonade = await createItem(owner.client, owner.restaurant.id, { name: "Lemonade", price: 3 });
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/promotions`, { kind: "free_item", dishId: lemonade.id, minSubtotal: 12 })).status()).toBe(201);
  const operator = await signUpOperator(baseURL!);
  expect((await operator.client.post(`/api/admin/restaurants/${owner.restaurant.id}/offers`, { kind: "bogo", dishId: owner.item.id })).status()).toBe(201);
  const { client } = await signUpInBrowser(page);

  await test.step("the dish's page names its offer", async () => {
    await page.goto(`/menu-items/${owner.item.id}`);
    await expect(page.getByRole("list", { name: "Offers" })).toContainText("Buy 1 House Burger, get 1 free");
  });

  await test.step("the cart line says its saving: the free lemonade, then the burger's second one", async () => {
    await page.goto(`/restaurants/${owner.restaurant.id}`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Add House Burger to cart" }).click();
    await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
    await page.getByRole("button", { name: "Add Lemonade to cart" }).click();
    await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
    await cartButton(page).click();
    const cart = page.getByRole("dialog", { name: "Your cart" });
    const saving = cart.getByTestId("cart-line-saving");
    await expect(saving).toHaveText("Free Lemonade on orders of $12.00 or more: you save $3.00");
    await expect(cart.getByTestId("cart-offers")).toHaveText("-$3.00");
    await cart.getByRole("button", { name: "Increase House Burger" }).click();
    await expect(saving).toHaveText("Buy 1 House Burger, get 1 free: you save $12.50");
    await expect(cart.getByTestId("cart-offers")).toHaveText("-$12.50");
    await expectAccessible(page, "cart with an offer");
    await shoot(page, "cart-offer-saving");
    await cart.getByRole("button", { name: "Checkout", exact: true }).click();
    await page.waitForURL("**/checkout");
  });

  await test.step("checkout takes the same discount; placed, its total is what the page showed", async () => {
    const summary = page.getByRole("complementary", { name: "Your order" });
    await expect(summary.locator("dl > div").filter({ hasText: "Promotion (Buy 1 House Burger, get 1 free)" })).toContainText("-$12.50");
    await shoot(page, "checkout-offer");
    await page.getByRole("button", { name: "Place order" }).click();
  });

  const orderId = await openPlacedOrder(page);
  const order = await (await client.get(`/api/orders/${orderId}`)).json();
  expect(order).toMatchObject({ subtotal: 28, discount: 12.5 });
  // Delivered by the restaurant's own staff: the platform's promotions account paid the free burger.
  await deliverOrder(owner.client, owner.restaurant.id, orderId);
  const [paid] = await write((query) =>
    query(
      `SELECT l."amountCents" AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."orderId" = ? AND e."kind" = 'settlement' AND l."account" = 'promotions'`,
      [orderId],
    ),
  );
  expect(Number(paid?.cents)).toBe(-1_250);
});
