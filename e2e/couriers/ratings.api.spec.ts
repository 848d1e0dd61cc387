import { expect, test } from "@playwright/test";
import { signUpCustomer } from "../support/api";
import { makeCourier, makeOperator, plantJob } from "../support/couriers";
import { placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Rating the courier over HTTP (docs/architecture/courier-screens.md "Ratings"):
// the answers' statuses and shapes (409 before delivery, 400 naming the field, 404 to a stranger,
// 20 racing ratings one), what the courier reads (no words) and the operators' lists. The rules
// themselves are pinned in lib/server/courier-ratings/ratings.test.ts.

test("ratings: refused before delivery, once however many race, the courier reads no words, operators see the thumbs down", async ({ baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const customer = await signUpCustomer(baseURL!);
  const courier = await signUpCustomer(baseURL!, { name: "Kofi Rider" });
  await makeCourier(courier.user.id);
  const stranger = await signUpCustomer(baseURL!);
  const nia = await signUpCustomer(baseURL!);
  await makeOperator(nia.user.id);
  const { id: orderId } = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
  const url = `/api/orders/${orderId}/courier-rating`;
  const jobId = await plantJob(orderId, courier.user.id, "picked_up");

  const early = await customer.client.put(url, { thumbs: "up" });
  expect(early.status()).toBe(409);
  expect(await early.json()).toMatchObject({ message: "The courier can be rated once the order is delivered" });
  expect((await courier.client.post(`/api/courier/jobs/${jobId}/delivered`, {})).status()).toBe(200);

  for (const [body, field] of [
    [{ thumbs: "down" }, "reason"],
    [{ thumbs: "sideways" }, "thumbs"],
    [{ thumbs: "down", reason: "late", note: "x".repeat(301) }, "note"],
  ] as const) {
    const refused = await customer.client.put(url, body);
    expect(refused.status()).toBe(400);
    expect(Object.keys((await refused.json()).errors)).toEqual([field]);
  }
  for (const client of [stranger.client, owner.client]) expect((await client.put(url, { thumbs: "up" })).status()).toBe(404);

  const raced = await Promise.all(Array.from({ length: 20 }, () => customer.client.put(url, { thumbs: "up" })));
  expect(raced.map((answer) => answer.status())).toEqual(Array(20).fill(200));
  const changed = await customer.client.put(url, { thumbs: "down", reason: "wrong_handoff", note: "Left at 12B" });
  expect(changed.status()).toBe(200);
  expect(await changed.json()).toEqual({ rating: { thumbs: "down", reason: "wrong_handoff", note: "Left at 12B", changeableUntil: expect.any(String) } });

  const me = await (await courier.client.get("/api/courier")).json();
  expect(me.rating).toEqual({ upPercent: 0, count: 1, downReasons: [{ reason: "wrong_handoff", label: "Wrong handoff", count: 1 }] });
  expect(JSON.stringify(me)).not.toContain("12B");

  const down = await (await nia.client.get("/api/admin/courier-ratings/down?limit=100")).json();
  expect(down.items).toContainEqual(
    expect.objectContaining({ orderId, courier: { id: courier.user.id, name: "Kofi Rider" }, reason: "wrong_handoff", note: "Left at 12B" }),
  );
  const low = await (await nia.client.get("/api/admin/courier-ratings/low?min=1&limit=100")).json();
  expect(low).toMatchObject({ belowPercent: 80, minRatings: 1 });
  expect(low.items).toContainEqual({ id: courier.user.id, name: "Kofi Rider", upPercent: 0, count: 1, down: 1, lastDownOrderId: orderId });
  expect((await customer.client.get("/api/admin/courier-ratings/down")).status()).toBe(403);
  await Promise.all([owner.client, customer.client, courier.client, stranger.client, nia.client].map((client) => client.dispose()));
});
