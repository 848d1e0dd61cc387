import { expect, test } from "@playwright/test";
import { signUpCustomer } from "../support/api";
import { makeCourier, plantJob } from "../support/couriers";
import { placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Messages between a customer and their courier over HTTP
// (docs/architecture/stops-and-messages.md "Messages"): the answers' statuses and shapes only (400 naming
// `body`, 403, 404 revealing nothing, 429 with Retry-After, 409 once delivered); the rules
// themselves are pinned in lib/server/dispatch/messages.test.ts.

const DELIVERED = "This conversation closed when the order was delivered";

test("messages: who may write, the length, the rate limit, closed at delivery", async ({ baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const customer = await signUpCustomer(baseURL!);
  const courier = await signUpCustomer(baseURL!, { name: "Kofi Rider" });
  await makeCourier(courier.user.id);
  const stranger = await signUpCustomer(baseURL!);
  const { id: orderId } = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
  const orderUrl = `/api/orders/${orderId}/messages`;

  // No courier yet: nothing to write to.
  const early = await customer.client.post(orderUrl, { body: "Hello?" });
  expect(early.status()).toBe(409);
  expect(await early.json()).toEqual({ message: "You can message your courier once one has accepted your order" });

  const jobId = await plantJob(orderId, courier.user.id, "picked_up");
  const jobUrl = `/api/courier/jobs/${jobId}/messages`;
  // The body: 1 to 500 characters, named in the 400.
  for (const body of [{ body: "   " }, { body: "x".repeat(501) }, {}]) {
    const refused = await customer.client.post(orderUrl, body);
    expect(refused.status()).toBe(400);
    expect(Object.keys((await refused.json()).errors)).toEqual(["body"]);
  }
  // The owner and a stranger: the 404 of a missing order; a customer on the courier's route: 403.
  for (const client of [owner.client, stranger.client]) {
    const read = await client.get(orderUrl);
    expect(read.status()).toBe(404);
    expect(await read.json()).toEqual({ message: "Order not found" });
    expect((await client.post(orderUrl, { body: "Hi" })).status()).toBe(404);
  }
  expect((await customer.client.post(jobUrl, { body: "Hi" })).status()).toBe(403);

  // Ten a minute, then 429 with Retry-After in the contract's error shape.
  for (let i = 0; i < 10; i++) expect((await customer.client.post(orderUrl, { body: `Note ${i}` })).status()).toBe(201);
  const tooMany = await customer.client.post(orderUrl, { body: "One more" });
  expect(tooMany.status()).toBe(429);
  expect(Number(tooMany.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await tooMany.json()).toEqual({ message: "You're sending messages too fast. Wait a moment and try again." });
  const reply = await courier.client.post(jobUrl, { body: "At the door" });
  expect(reply.status()).toBe(201);
  expect(await reply.json()).toEqual({ message: { id: expect.any(Number), sender: "courier", mine: true, body: "At the door", at: expect.any(String) } });

  // Delivered (the planted courier stands at the door): closed on both routes, still readable.
  expect((await courier.client.post(`/api/courier/jobs/${jobId}/delivered`, {})).status()).toBe(200);
  for (const [client, url] of [
    [customer.client, orderUrl],
    [courier.client, jobUrl],
  ] as const) {
    const closed = await client.post(url, { body: "Thanks" });
    expect(closed.status()).toBe(409);
    expect(await closed.json()).toEqual({ message: DELIVERED });
    const thread = await (await client.get(url)).json();
    expect(thread).toMatchObject({ open: false, closedReason: DELIVERED });
    expect(thread.messages).toHaveLength(11);
  }
});
