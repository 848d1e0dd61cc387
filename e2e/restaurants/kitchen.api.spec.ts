import { expect, test } from "../fixtures";
import { KITCHEN_SAID } from "@/lib/contract/restaurants/kitchen-rules";
import { createOrder, orderBody, standardWallet, submitOrder } from "../support/orders";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The kitchen's controls over HTTP (docs/architecture/kitchen.md): the owner pauses new
// orders and marks a dish sold out; customers' reads say so and checkout refuses with a message
// naming the time or the dish; only the owner may, bad input is a 400 naming the field. The rules
// themselves (expiry, the next opening, slots after a pause) are lib/server/restaurants/kitchen.test.ts.

test.describe("kitchen controls", () => {
  test("a pause: the restaurant's JSON says until when, an order for now is a 409 naming the time; off takes orders again", async ({ owner, customer, api }) => {
    const id = owner.restaurant.id;
    const paused = await owner.client.put(`/api/manage/${id}/kitchen`, { pause: "30", busyExtraMinutes: 10 });
    expect(paused.status()).toBe(200);
    const { restaurant } = await paused.json();
    expect(Date.parse(restaurant.pausedUntil) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(restaurant.busyExtraMinutes).toBe(10);
    // What every customer reads at once (the restaurant's kept answers are thrown away).
    expect((await (await api.get(`/api/restaurants/${id}`)).json()).restaurant.pausedUntil).toBe(restaurant.pausedUntil);

    const refused = await customer.client.post("/api/orders/", { ...orderBody(id, owner.item.id), submit: standardWallet });
    expect(refused.status()).toBe(409);
    const body = await refused.json();
    expect(body.message).toMatch(new RegExp(`^${owner.restaurant.name} is not taking orders until \\d{1,2}:\\d{2} (AM|PM)\\. You can schedule an order for later\\.$`));
    expect(body.errors).toEqual({ "submit.deliveryOption": body.message });

    expect((await owner.client.put(`/api/manage/${id}/kitchen`, { pause: "off" })).status()).toBe(200);
    const order = await createOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
    expect((await submitOrder(customer.client, order.id)).status).toBe("Submitted");
  });

  test("a dish sold out: its JSON says until when, a checkout holding it is a 409 naming the line; back, it can be ordered", async ({ owner, customer }) => {
    const id = owner.restaurant.id;
    const active = await createOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
    const marked = await owner.client.put(`/api/manage/${id}/sold-out`, { menuItemId: owner.item.id, soldOut: true });
    expect(marked.status()).toBe(200);
    expect((await marked.json()).soldOutUntil).not.toBeNull();
    expect((await (await customer.client.get(`/api/menu-items/${owner.item.id}`)).json()).soldOutUntil).not.toBeNull();

    const message = `${owner.item.name} is sold out today. Remove it to continue.`;
    const refused = await customer.client.post("/api/orders/", { ...orderBody(id, owner.item.id), submit: standardWallet });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).errors).toEqual({ "items.0": message });
    // The order at checkout: its line says so, and submit refuses it.
    const line = (await (await customer.client.get(`/api/orders/${active.id}`)).json()).orderItems[0];
    expect([line.soldOut, line.unavailable]).toEqual([true, true]);
    const submit = await customer.client.put(`/api/orders/${active.id}/submit`, standardWallet);
    expect(submit.status()).toBe(409);
    expect((await submit.json()).errors).toEqual({ items: message });

    expect((await owner.client.put(`/api/manage/${id}/sold-out`, { menuItemId: owner.item.id, soldOut: false })).status()).toBe(200);
    expect((await submitOrder(customer.client, active.id)).status).toBe("Submitted");
  });

  test("only the owner: 401 signed out, 404 for anyone else; bad input is a 400 naming the field, nothing changed", async ({ owner, customer, api }) => {
    const id = owner.restaurant.id;
    expect((await api.put(`/api/manage/${id}/kitchen`, { pause: "15" })).status()).toBe(401);
    expect((await customer.client.put(`/api/manage/${id}/kitchen`, { pause: "15" })).status()).toBe(404);
    expect((await customer.client.put(`/api/manage/${id}/sold-out`, { menuItemId: owner.item.id, soldOut: true })).status()).toBe(404);
    for (const [body, field, message] of [
      [{ pause: "45" }, "pause", "pause must be 15, 30, 60, today or off"],
      [{ busyExtraMinutes: 15 }, "busyExtraMinutes", "busyExtraMinutes must be 0, 10 or 20"],
      [{ defaultPrepMinutes: 200 }, "defaultPrepMinutes", inEnglish(KITCHEN_SAID.defaultPrepMinutes)],
      [{}, "pause", "Send pause, busyExtraMinutes, autoAccept or defaultPrepMinutes"],
    ] as const) {
      const response = await owner.client.put(`/api/manage/${id}/kitchen`, body);
      expect(response.status(), JSON.stringify(body)).toBe(400);
      expect((await response.json()).errors[field]).toBe(message);
    }
    const bad = await owner.client.put(`/api/manage/${id}/sold-out`, { menuItemId: owner.item.id });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors.soldOut).toBe(inEnglish(KITCHEN_SAID.soldOut));
    const restaurant = (await (await api.get(`/api/restaurants/${id}`)).json()).restaurant;
    expect([restaurant.pausedUntil, restaurant.busyExtraMinutes]).toEqual([null, 0]);
    expect((await (await api.get(`/api/menu-items/${owner.item.id}`)).json()).soldOutUntil).toBeNull();
  });
});
