import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { cookieOf, openEventStream } from "../support/events";
import { acceptOrder, standardWallet } from "../support/orders";

// After the host checks out, the people who took part follow the order (docs/architecture/group-orders.md
// "Group orders"): it is in their GET /api/orders with their share (group.member), they read it
// and its live events, and they cannot act on it (the host's alone). Anyone else: 404.

type Order = {
  id: number;
  stage: string;
  orderItems: { addedBy: string | null }[];
  group: { hostName: string; participants: { name: string; subtotal: number }[]; member?: { name: string; subtotal: number } } | null;
};

const patch = async (client: Client, url: string, data: unknown) => client.ctx.fetch(url, { method: "PATCH", data, headers: { "XSRF-Token": await client.xsrf() } });

async function ok<T>(response: Awaited<ReturnType<Client["get"]>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json() as Promise<T>;
}

test("a participant finds the placed group order among their orders with their share, reads it and its events; a non-member gets 404", async ({
  owner,
  customer,
  baseURL,
}) => {
  const [ana, stranger] = [await signUpCustomer(baseURL!), await signUpCustomer(baseURL!)];
  const group = await ok<{ token: string }>(await customer.client.post("/api/group-orders", { restaurantId: owner.restaurant.id }), 201);
  const url = `/api/group-orders/${group.token}`;
  await ok(await ana.client.post(`${url}/participants`, { displayName: "Ana" }));
  await ok(await customer.client.post(`${url}/lines`, { menuItemId: owner.item.id, quantity: 1 }), 201);
  await ok(await ana.client.post(`${url}/lines`, { menuItemId: owner.item.id, quantity: 2 }), 201);
  await ok(await patch(customer.client, url, { locked: true }));
  const { order } = await ok<{ order: Order }>(await customer.client.post(`${url}/checkout`, standardWallet));
  const price = owner.item.price;

  // In Ana's list, newest first, with her share; the host's own list has no member part.
  const anaList = (await ok<{ orders: Order[] }>(await ana.client.get("/api/orders/"))).orders;
  expect(anaList.map((o) => o.id)).toEqual([order.id]);
  expect(anaList[0]!.group).toMatchObject({ hostName: customer.user.firstName, member: { name: "Ana", subtotal: 2 * price } });
  const hostList = (await ok<{ orders: Order[] }>(await customer.client.get("/api/orders/"))).orders;
  expect(hostList.find((o) => o.id === order.id)!.group).not.toHaveProperty("member");

  // She reads it; the stranger gets the 404 of a missing order, and it is not in their list.
  const read = await ok<Order>(await ana.client.get(`/api/orders/${order.id}`));
  expect(read).toMatchObject({ id: order.id, stage: "placed", group: { member: { name: "Ana", subtotal: 2 * price } } });
  expect(read.orderItems.map((line) => line.addedBy)).toEqual([customer.user.firstName, "Ana"]);
  const missing = await stranger.client.get(`/api/orders/${order.id}`);
  expect(missing.status()).toBe(404);
  expect(((await missing.json()) as { message: string }).message).toBe("Order not found");
  expect((await ok<{ orders: Order[] }>(await stranger.client.get("/api/orders/"))).orders).toEqual([]);

  // Her live page's stream: the kitchen accepting it reaches her; the stranger's stream is a 404.
  const events = await openEventStream(`${baseURL}/api/orders/${order.id}/events`, { cookie: await cookieOf(ana.client) });
  const strangers = await openEventStream(`${baseURL}/api/orders/${order.id}/events`, { cookie: await cookieOf(stranger.client) });
  try {
    expect(events.status).toBe(200);
    expect(strangers.status).toBe(404);
    await acceptOrder(owner.client, owner.restaurant.id, order.id);
    await events.waitFor((message) => message.data.orderId === order.id && message.data.stage === "accepted", "accepted");
  } finally {
    events.close();
    strangers.close();
  }
  expect((await ok<Order>(await ana.client.get(`/api/orders/${order.id}`))).stage).toBe("accepted");
});

test("a participant cannot act on the group order as its host: cancel, reorder, submit, remove and review are 404", async ({ owner, customer, baseURL }) => {
  const ana = await signUpCustomer(baseURL!);
  const group = await ok<{ token: string }>(await customer.client.post("/api/group-orders", { restaurantId: owner.restaurant.id }), 201);
  const url = `/api/group-orders/${group.token}`;
  await ok(await ana.client.post(`${url}/participants`, { displayName: "Ana" }));
  await ok(await ana.client.post(`${url}/lines`, { menuItemId: owner.item.id, quantity: 1 }), 201);
  await ok(await patch(customer.client, url, { locked: true }));
  const { order } = await ok<{ order: Order }>(await customer.client.post(`${url}/checkout`, standardWallet));

  const refusals = [
    await ana.client.put(`/api/orders/${order.id}/cancel`),
    await ana.client.post(`/api/orders/${order.id}/reorder`),
    await ana.client.put(`/api/orders/${order.id}/submit`, standardWallet),
    await ana.client.del(`/api/orders/${order.id}`),
    await ana.client.post("/api/reviews/", { restaurant_id: owner.restaurant.id, order_id: order.id, review: "Lovely.", order_rating: 5, restaurant_rating: 5 }),
  ];
  for (const response of refusals) expect(response.status(), await response.text()).toBe(404);
  expect((await ok<Order>(await customer.client.get(`/api/orders/${order.id}`))).stage).toBe("placed");

  // The host still cancels it.
  expect((await customer.client.put(`/api/orders/${order.id}/cancel`)).status()).toBe(200);
});
