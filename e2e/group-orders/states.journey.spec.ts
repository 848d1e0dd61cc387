import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { createItem } from "../support/owner";
import { expectAccessible, shoot, signUpInBrowser } from "../support/pages";

// A group order's page in its states (docs/architecture/group-orders.md "Group orders"): what a member can
// do once the host locks, the host's checkout choices, and what a signed-out visitor with the
// link is told. Each page polls the group, so expectations wait for the others' changes.

const LOCKED = "The host has locked this order";

test.describe.configure({ timeout: 90_000 }); // screenshots and accessibility scans on a loaded 2-core machine

type Group = { token: string };

const patch = async (client: Client, url: string, data: unknown) => client.ctx.fetch(url, { method: "PATCH", data, headers: { "XSRF-Token": await client.xsrf() } });

async function startGroup(host: Client, restaurantId: number): Promise<Group> {
  const response = await host.post("/api/group-orders", { restaurantId });
  expect(response.status(), await response.text()).toBe(201);
  return response.json() as Promise<Group>;
}

test("once the host locks, a member's Add buttons are disabled and say why, without a reload; unlocking enables them", async ({ page, owner, customer }) => {
  const group = await startGroup(customer.client, owner.restaurant.id);
  const url = `/api/group-orders/${group.token}`;
  await signUpInBrowser(page);
  await page.goto(`/group/${group.token}`);
  await page.getByLabel("Your name in this group").fill("Robin");
  await page.getByRole("button", { name: "Join", exact: true }).click();
  const add = page.getByRole("button", { name: `Add ${owner.item.name} to the group order` });
  await expect(add).toBeEnabled();

  expect((await patch(customer.client, url, { locked: true })).status()).toBe(200);
  const locked = page.getByRole("button", { name: `${LOCKED}: ${owner.item.name}` });
  await expect(locked).toBeDisabled();
  await expect(locked).toHaveText("Locked");
  await expect(page.getByRole("status").filter({ hasText: LOCKED })).toBeVisible();
  await shoot(page, "group-member-locked");
  await expectAccessible(page, "group page, member, locked");

  expect((await patch(customer.client, url, { locked: false })).status()).toBe(200);
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByTestId("group-line")).toHaveCount(1);
});

test("the host's group checkout offers pickup: the restaurant's address, no delivery fee, and the order is a pickup", async ({ page, owner }) => {
  const { client } = await signUpInBrowser(page);
  const group = await startGroup(client, owner.restaurant.id);
  const url = `/api/group-orders/${group.token}`;
  expect((await client.post(`${url}/lines`, { menuItemId: owner.item.id, quantity: 2 })).status()).toBe(201);
  expect((await patch(client, url, { locked: true })).status()).toBe(200);

  await page.goto(`/group/${group.token}`);
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const summary = page.getByRole("complementary", { name: "Group order summary" });
  await expect(summary.getByText("Delivery fee")).toBeVisible();
  await page.getByRole("radio", { name: /Pickup/ }).check();
  await expect(page.getByText(`Pick up at ${owner.restaurant.name}`)).toBeVisible();
  await expect(page.getByRole("group", { name: "Pickup time" })).toBeVisible();
  await expect(summary.getByText("Delivery fee")).toHaveCount(0);
  await expect(summary.getByText(/^Staff tip/)).toBeVisible();
  await shoot(page, "group-checkout-pickup");
  await expectAccessible(page, "group checkout, pickup");

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: /^Order placed by/ })).toBeVisible();
  const placed = (await (await client.get(url)).json()) as { order: { deliveryOption: string; deliveryFee: number; subtotal: number } };
  expect(placed.order).toMatchObject({ deliveryOption: "pickup", deliveryFee: 0, subtotal: 2 * owner.item.price });
});

test("a group link opened signed out names the host and the restaurant, and nothing of the cart or the others", async ({ page, owner, customer, baseURL }) => {
  const group = await startGroup(customer.client, owner.restaurant.id);
  const member = await signUpCustomer(baseURL!);
  expect((await member.client.post(`/api/group-orders/${group.token}/participants`, { displayName: "Zed" })).status()).toBe(200);
  expect((await member.client.post(`/api/group-orders/${group.token}/lines`, { menuItemId: owner.item.id, quantity: 1 })).status()).toBe(201);

  await page.goto(`/group/${group.token}`);
  await expect(page.getByRole("heading", { name: `${String(customer.user.firstName)} invited you to a group order from ${owner.restaurant.name}` })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Continue as guest" })).toBeVisible();
  const text = await main.innerText();
  expect(text).not.toContain("Zed");
  expect(text).not.toContain(owner.item.name);
  await shoot(page, "group-invite-signed-out");
  await expectAccessible(page, "group invite, signed out");

  // A link that does not open a group is the 404 page signed out too.
  const unknown = await page.goto("/group/AAAAAAAAAAAAAAAAAAAAAA");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText("This group order link is no longer active")).toBeVisible();
});

test("after checkout a participant finds the group order on /orders with their own lines and share, and follows it read-only", async ({ page, owner, customer }) => {
  const { client } = await signUpInBrowser(page);
  const fries = await createItem(owner.client, owner.restaurant.id, { name: "Crispy Fries", price: 4, food_type: "appetizer" });
  const group = await startGroup(customer.client, owner.restaurant.id);
  const url = `/api/group-orders/${group.token}`;
  expect((await client.post(`${url}/participants`, { displayName: "Robin" })).status()).toBe(200);
  expect((await client.post(`${url}/lines`, { menuItemId: owner.item.id, quantity: 2 })).status()).toBe(201);
  expect((await customer.client.post(`${url}/lines`, { menuItemId: fries.id, quantity: 1 })).status()).toBe(201);
  expect((await patch(customer.client, url, { locked: true })).status()).toBe(200);
  const checkout = await customer.client.post(`${url}/checkout`, { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { order } = (await checkout.json()) as { order: { id: number } };
  const host = String(customer.user.firstName);

  await page.goto("/orders");
  const card = page.getByRole("article", { name: `Order ${order.id} from ${owner.restaurant.name}` });
  await expect(card).toContainText(`Group order by ${host}`);
  await expect(card.getByRole("list", { name: "Items" })).toHaveText(`2 × ${owner.item.name}`);
  await expect(card).toContainText(`Your share $${(2 * owner.item.price).toFixed(2)}`);
  await expect(card.getByRole("button")).toHaveCount(0);
  await shoot(page, "orders-group-member");
  await expectAccessible(page, "orders, group member");

  await card.getByRole("link", { name: /Track order/ }).click();
  await page.waitForURL(`**/orders/${order.id}`);
  await expect(page.getByRole("heading", { name: `Order #${order.id}` })).toBeVisible();
  await expect(page.getByText(`Paid by ${host}`)).toBeVisible();
  await expect(page.getByText("Robin (your share)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await shoot(page, "order-group-member");
  await expectAccessible(page, "order page, group member");

  // The group's page leads there too.
  await page.goto(`/group/${group.token}`);
  await page.getByRole("link", { name: "Follow the order" }).click();
  await page.waitForURL(`**/orders/${order.id}`);
});
