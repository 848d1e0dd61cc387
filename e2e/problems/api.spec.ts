import sharp from "sharp";
import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { ageDelivery } from "../support/couriers";
import { placeOrder, walletOf } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Problem reports over HTTP (docs/architecture/problem-reports.md): the customer's report (JSON or
// multipart with a photo), the rules' answers (400 naming the line, 404 for a stranger, 409 open
// or past 48 hours), the owner's decision refunding once, and the operator routes refusing others.
// The rules and the races are pinned on a real database in lib/server/problems/problems.test.ts.

type Shop = Awaited<ReturnType<typeof signUpOwner>>;

/** An order of two of the owner's dish, delivered (the owner's one-step Completed). */
async function delivered(customer: Client, shop: Shop) {
  const order = await placeOrder(customer, { restaurantId: shop.restaurant.id, itemId: shop.item.id, quantity: 2 });
  expect((await shop.client.put(`/api/manage/${shop.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  const { items } = await (await customer.get(`/api/orders/${order.id}/problems`)).json();
  return { order, line: items[0] as { orderItemId: number; quantity: number; unitPrice: number; reportable: number } };
}

test("a customer reports a problem with a photo; the owner approves part of it; the wallet gets the refund once", async ({ baseURL, customer, owner }) => {
  const { order, line } = await delivered(customer.client, owner);
  expect(line).toMatchObject({ quantity: 2, reportable: 2 });

  // A stranger: 404 on both, before anything is read.
  const stranger = await signUpCustomer(baseURL!);
  expect((await stranger.client.get(`/api/orders/${order.id}/problems`)).status()).toBe(404);
  expect((await stranger.client.post(`/api/orders/${order.id}/problems`, { reason: "late" })).status()).toBe(404);

  // More than was ordered: 400 naming the line.
  const tooMany = await customer.client.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: line.orderItemId, quantity: 3, reason: "missing" }] });
  expect(tooMany.status()).toBe(400);
  expect((await tooMany.json()).errors).toHaveProperty(["lines.0.quantity"]);
  // "other" without a note: 400 naming it.
  const noNote = await customer.client.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: line.orderItemId, quantity: 1, reason: "other" }] });
  expect((await noNote.json()).errors).toHaveProperty(["lines.0.note"]);

  // Both missing, with a photo (multipart): too big for a small claim, it waits for the owner.
  const image = {
    name: "fries.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: "#e0a030" } })
      .png()
      .toBuffer(),
  };
  const data = JSON.stringify({ lines: [{ orderItemId: line.orderItemId, quantity: 2, reason: "missing", note: "No fries in the bag" }] });
  // Not an image: 400 naming the photo (the profile picture's checks), and no report.
  const notImage = await customer.client.ctx.post(`/api/orders/${order.id}/problems`, {
    multipart: { data, photo: { name: "fries.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") } },
    headers: { "XSRF-Token": await customer.client.xsrf() },
  });
  expect(notImage.status()).toBe(400);
  expect((await notImage.json()).errors).toHaveProperty("photo");
  expect((await (await customer.client.get(`/api/orders/${order.id}/problems`)).json()).problems).toEqual([]);
  const sent = await customer.client.ctx.post(`/api/orders/${order.id}/problems`, {
    multipart: { data, photo: image },
    headers: { "XSRF-Token": await customer.client.xsrf() },
  });
  expect(sent.status()).toBe(201);
  const { problem } = await sent.json();
  expect(problem).toMatchObject({ status: "pending", refund: null, late: false, lines: [{ quantity: 2, reason: "missing", note: "No fries in the bag" }] });
  // The photo: its own route, private (the reporter and the restaurant's owner read it; a stranger gets a 404, an anonymous caller the 401 of every private record).
  expect(problem.photo).toBe(`/api/orders/${order.id}/problems/${problem.id}/photo`);
  for (const reader of [customer.client, owner.client]) {
    const photo = await reader.get(problem.photo);
    expect(photo.status()).toBe(200);
    expect(photo.headers()).toMatchObject({ "content-type": "image/webp", "cache-control": "private, no-store" });
  }
  expect((await stranger.client.get(problem.photo)).status()).toBe(404);
  expect((await (await newClient(baseURL!)).get(problem.photo)).status()).toBe(401);
  // One open report per order.
  expect((await customer.client.post(`/api/orders/${order.id}/problems`, { reason: "late" })).status()).toBe(409);

  // Another owner cannot see or decide it; the owner sees it first in their list.
  const other = await signUpOwner(baseURL!);
  const decide = (client: Client, restaurantId: number, body: unknown) => client.post(`/api/manage/${restaurantId}/problems/${problem.id}/decision`, body);
  expect((await decide(other.client, owner.restaurant.id, { decision: "approve_all" })).status()).toBe(404);
  expect((await decide(other.client, other.restaurant.id, { decision: "approve_all" })).status()).toBe(404);
  const listed = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/problems?status=open`)).json();
  expect(listed.problems.map((p: { id: number }) => p.id)).toEqual([problem.id]);

  // The owner approves one of the two, twice at once: one refund of one dish.
  const before = await walletOf(customer.client);
  const body = { decision: "approve_some", lines: [{ id: problem.lines[0].id, quantity: 1 }] };
  const answers = await Promise.all([decide(owner.client, owner.restaurant.id, body), decide(owner.client, owner.restaurant.id, body)]);
  expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 409]);
  const decided = (await answers.find((answer) => answer.status() === 200)!.json()).problem;
  // The dish and its share of "Tax and fees": half the order's service fee, one of its two dishes.
  const refund = Math.round(line.unitPrice * 100) + Math.floor(Math.round((order as unknown as { serviceFee: number }).serviceFee * 100) / 2);
  expect(decided).toMatchObject({ status: "partially_approved", decidedBy: "owner", refund: { amount: refund / 100, to: "wallet", fronted: 0 } });
  expect(Math.round((await walletOf(customer.client)) * 100)).toBe(Math.round(before * 100) + refund);
  const after = await (await customer.client.get(`/api/orders/${order.id}/problems`)).json();
  expect(after).toMatchObject({ canReport: true, items: [{ reportable: 1 }] });

  // After 48 hours: 409.
  await ageDelivery(order.id, 49);
  const late = await customer.client.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: line.orderItemId, quantity: 1, reason: "cold" }] });
  expect(late.status()).toBe(409);
  expect((await late.json()).message).toBe("Problems can be reported up to 48 hours after delivery");
});

test("a decline is appealed once; the operator routes refuse everyone who is not an operator", async ({ customer, owner, api }) => {
  const { order, line } = await delivered(customer.client, owner);
  const sent = await customer.client.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: line.orderItemId, quantity: 2, reason: "wrong_item" }] });
  const { problem } = await sent.json();
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/problems/${problem.id}/decision`, { decision: "decline" })).status()).toBe(400);
  const declined = await owner.client.post(`/api/manage/${owner.restaurant.id}/problems/${problem.id}/decision`, {
    decision: "decline",
    reason: "We sent what was ordered",
  });
  expect((await declined.json()).problem).toMatchObject({ status: "declined", declineReason: "We sent what was ordered", canAppeal: true });
  const appeal = (note: string) => customer.client.post(`/api/orders/${order.id}/problems/${problem.id}/appeal`, { note });
  expect((await (await appeal("It was a different dish")).json()).problem).toMatchObject({ status: "appealed", canAppeal: false });
  expect((await appeal("Again")).status()).toBe(409);

  for (const client of [customer.client, owner.client]) {
    expect((await client.get("/api/admin/problems")).status()).toBe(403);
    expect((await client.post(`/api/admin/problems/${problem.id}/decision`, { decision: "approve_all" })).status()).toBe(403);
  }
  expect((await api.get("/api/admin/problems")).status()).toBe(401);
});

test("a late delivery goes to Nosh support, not the owner; a pickup order cannot be late", async ({ customer, owner }) => {
  const { order } = await delivered(customer.client, owner);
  const sent = await customer.client.post(`/api/orders/${order.id}/problems`, { reason: "late" });
  expect(sent.status()).toBe(201);
  const { problem } = await sent.json();
  expect(problem).toMatchObject({ status: "escalated", late: true, refund: null });
  const decided = await owner.client.post(`/api/manage/${owner.restaurant.id}/problems/${problem.id}/decision`, { decision: "approve_all" });
  expect(decided.status()).toBe(403);
  expect((await decided.json()).message).toBe("Nosh support decides this report");
  expect((await (await owner.client.get(`/api/manage/${owner.restaurant.id}/problems?status=open`)).json()).problems).toEqual([]);

  const pickup = await placeOrder(customer.client, {
    restaurantId: owner.restaurant.id,
    itemId: owner.item.id,
    submit: { deliveryOption: "pickup", tipPercent: 15, paymentMethod: "wallet" },
  });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${pickup.id}`, { status: "Completed" })).status()).toBe(200);
  const late = await customer.client.post(`/api/orders/${pickup.id}/problems`, { reason: "late" });
  expect(late.status()).toBe(400);
  expect((await late.json()).errors).toEqual({ reason: "A pickup order cannot be late: report what was wrong with its items" });
  expect((await (await customer.client.get(`/api/orders/${pickup.id}/problems`)).json()).problems).toEqual([]);
});
