import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { makeCourier, plantJob, rideTo } from "../support/couriers";
import { signUpOperator } from "../support/operator";
import { placeOrder } from "../support/orders";
import { alertWith, expectAccessible, shoot } from "../support/pages";

// Packed and sealed in the browser (docs/architecture/problem-reports.md "Packed and sealed"): the
// board's card and the kitchen ticket list each line with a tick box and the bag count, and say
// who packed it when; Nosh support sees a sealed claim's trail and chooses who pays.

test.describe.configure({ timeout: 120_000 });

test("the kitchen ticks the lines and counts the bags on the board and the ticket; Nosh support decides a sealed claim, charging the courier", async ({
  page,
  owner,
  customer,
  baseURL,
}) => {
  const id = owner.restaurant.id;
  const order = await placeOrder(customer.client, { restaurantId: id, itemId: owner.item.id, quantity: 2 });
  const courier = await signUpCustomer(baseURL!);
  await makeCourier(courier.user.id);
  const jobId = await plantJob(order.id, courier.user.id, "at_pickup");

  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  await page.goto(`/restaurants/${id}/orders`);
  const panel = page.locator(`[data-packing="${order.id}"]`);
  await expect(panel).toBeVisible();
  const tick = panel.getByRole("checkbox", { name: `2 × ${owner.item.name}` });
  await expect(tick).toBeEnabled();
  await tick.check();
  await expect(panel.getByRole("status")).toHaveText(/^Packed 1\/1, .+, \d{1,2}:\d{2} (AM|PM)$/);
  await panel.getByLabel("Bags").selectOption("2");
  await expect(panel.getByLabel("Bags")).toHaveValue("2");
  await expectAccessible(page, "board, packing");
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, "board-packing");

  await page.goto(`/restaurants/${id}/tickets/${order.id}`);
  const ticket = page.locator(`[data-packing="${order.id}"]`);
  await expect(ticket.getByRole("checkbox", { name: `2 × ${owner.item.name}` })).toBeChecked();
  await expect(ticket.getByLabel("Bags")).toHaveValue("2");
  await expectAccessible(page, "ticket, packing");
  await shoot(page, "ticket-packing");

  // The courier counts 2 bags at pickup and delivers; one dish is claimed missing.
  expect((await courier.client.post(`/api/courier/jobs/${jobId}/picked-up`, { bags: 2, handedOver: true })).status()).toBe(200);
  await rideTo(courier.user.id, { lat: 50.01, lng: -147.7 });
  expect((await courier.client.post(`/api/courier/jobs/${jobId}/delivered`)).status()).toBe(200);
  const claimed = await customer.client.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: order.orderItems[0]!.id, quantity: 1, reason: "missing" }] });
  expect(claimed.status()).toBe(201);
  const { problem } = await claimed.json();

  const operator = await signUpOperator(baseURL!);
  await page.context().clearCookies();
  await page.context().addCookies((await operator.client.ctx.storageState()).cookies);
  await page.goto("/admin/problems");
  const report = page.getByRole("article", { name: `Problem report ${problem.id}, order #${order.id}` });
  await expect(report.getByText("Packed and sealed:")).toBeVisible();
  await expect(report.getByText(/2 bags packed, the courier counted 2 at pickup/)).toBeVisible();
  await report.getByRole("radio", { name: "The courier" }).check();
  await expectAccessible(page, "operator, sealed claim");
  await report.scrollIntoViewIfNeeded();
  await shoot(page, "operator-sealed-claim");
  await report.getByRole("button", { name: "Approve all" }).click();
  await expect(alertWith(page, /^Approved: \$\d+\.\d{2} refunded to the customer\.$/)).toBeVisible();
  expect((await (await operator.client.get("/api/admin/problems")).json()).problems.find((p: { id: number }) => p.id === problem.id)).toBeUndefined();
});
