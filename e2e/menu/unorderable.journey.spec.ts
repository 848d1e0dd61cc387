import { expect, test } from "../fixtures";
import { createItem } from "../support/owner";
import { alertWith, cartButton, signUpInBrowser } from "../support/pages";

// The cart's check (docs/architecture/cart-checkout-reviews.md, "The cart's check"): a dish whose restaurant stopped taking orders says so and cannot be added;
// a cart that outlived its dishes names them and removes them, instead of a checkout that only
// says "Restaurant not found".

test.describe.configure({ timeout: 90_000 });

test("a deactivated restaurant's dish says 'Not taking orders' on Favorites and its page, and Add is off", async ({ page, owner: shop }) => {
  const { headers } = await signUpInBrowser(page);
  expect((await page.request.post(`/api/menu-items/${shop.item.id}/like`, { headers })).status()).toBe(200);
  expect((await shop.client.del(`/api/manage/${shop.restaurant.id}?type=soft`)).status()).toBe(200);

  const closed = `Not taking orders: ${shop.item.name}`;
  await page.goto("/favorites");
  await expect(page.getByRole("button", { name: closed })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Add ${shop.item.name} to cart` })).toHaveCount(0);
  await page.goto(`/menu-items/${shop.item.id}`);
  await expect(page.getByRole("button", { name: closed })).toBeDisabled();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
});

test("a cart holding a deleted restaurant's dishes names them, blocks checkout, and removes them", async ({ page, owner: shop }) => {
  await createItem(shop.client, shop.restaurant.id, { name: "Fudge Brownie", price: 4, food_type: "dessert" });
  await signUpInBrowser(page);
  await page.goto(`/restaurants/${shop.restaurant.id}`);
  await page.getByRole("button", { name: `Add ${shop.item.name} to cart` }).click();
  await page.getByRole("button", { name: "Add Fudge Brownie to cart" }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
  expect((await shop.client.del(`/api/manage/${shop.restaurant.id}?type=hard`)).status()).toBe(200);

  await cartButton(page).click();
  const panel = page.getByRole("dialog", { name: "Your cart" });
  const notice = alertWith(page, `${shop.item.name} and Fudge Brownie are no longer available. Remove them to continue.`);
  await expect(notice).toBeVisible();
  await expect(panel.getByRole("button", { name: "Checkout", exact: true })).toBeDisabled();
  await notice.getByRole("button", { name: "Remove unavailable dishes" }).click();
  await expect(panel.getByText("Your cart is empty")).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
});

test("a dish deactivated while the cart is open: checkout is refused and names it", async ({ page, owner: shop }) => {
  await signUpInBrowser(page);
  await page.goto(`/restaurants/${shop.restaurant.id}`);
  await page.getByRole("button", { name: `Add ${shop.item.name} to cart` }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
  // The open cart checks its lines once; wait for that check so the dish goes away only after it
  // (else the check itself sees the deactivation and disables Checkout before the click).
  const checked = page.waitForResponse((response) => response.url().includes("/api/menu-items?ids="));
  await cartButton(page).click();
  await checked;
  const panel = page.getByRole("dialog", { name: "Your cart" });
  await expect(panel.getByRole("button", { name: "Checkout", exact: true })).toBeEnabled();
  expect((await shop.client.del(`/api/manage/${shop.restaurant.id}?type=soft`)).status()).toBe(200);

  await panel.getByRole("button", { name: "Checkout", exact: true }).click();
  const notice = alertWith(page, `${shop.item.name} is no longer available. Remove it to continue.`);
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: `Remove ${shop.item.name}` }).click();
  await expect(panel.getByText("Your cart is empty")).toBeVisible();
  await expect(page).not.toHaveURL(/checkout/);
});
