import { expect, test } from "../fixtures";
import { priceOrder } from "@/lib/shared/money/pricing";
import { scheduleSlots } from "@/lib/shared/time/schedule";
import { englishSlots } from "@/lib/contract/testing/in-english";
import { signUpCustomer } from "../support/api";
import { createOrder, ledgerSumCents, walletOf } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Pickup over HTTP (docs/architecture/pickup.md): deliveryOption "pickup" is priced without
// the delivery and priority fees, a scheduled pickup's slot is checked like a delivery's, and the
// owner's steps skip out_for_delivery (ready -> delivered, shown as Picked up).

const cents = (dollars: number) => Math.round(dollars * 100);
const pickupWallet = { deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" } as const;

test.describe("pickup checkout", () => {
  test("a pickup is priced without delivery or priority fee; the wallet is charged exactly that, once", async ({ customer: { client, user } }) => {
    const order = await createOrder(client, 3, 2);
    const response = await client.put(`/api/orders/${order.id}/submit`, pickupWallet);
    expect(response.status()).toBe(200);
    const submitted = await response.json();
    const price = priceOrder(cents(order.subtotal), "pickup", { cents: 0 });
    expect(price.totalCents).toBe(price.subtotalCents + price.serviceFeeCents);
    expect(submitted).toMatchObject({
      status: "Submitted",
      stage: "placed",
      deliveryOption: "pickup",
      scheduledFor: null,
      deliveryFee: 0,
      priorityFee: 0,
      serviceFee: price.serviceFeeCents / 100,
      tip: 0,
      totalCost: price.totalCents / 100,
    });
    expect(submitted.estimatedArrivalFrom).not.toBeNull();
    expect(cents(await walletOf(client))).toBe(99_999 - price.totalCents);
    expect(await ledgerSumCents(client, user.id)).toBe(99_999 - price.totalCents);
    // A percentage tip is still a share of the subtotal.
    const second = await createOrder(client, 3, 1);
    const tipped = await (await client.put(`/api/orders/${second.id}/submit`, { deliveryOption: "pickup", tipPercent: 20, paymentMethod: "card" })).json();
    expect(tipped).toMatchObject({ deliveryFee: 0, tip: priceOrder(cents(second.subtotal), "pickup", { percent: 20 }).tipCents / 100 });
  });

  test("a scheduled pickup needs one of the offered slots: 400 naming scheduledFor, nothing charged", async ({ customer: { client } }) => {
    const order = await createOrder(client);
    const { restaurant } = await (await client.get("/api/restaurants/3")).json();
    const slot = scheduleSlots(new Date(), restaurant, englishSlots)[1]!.slots[0]!.value;
    const offGrid = new Date(new Date(slot).getTime() + 10 * 60_000).toISOString();
    const bad = await client.put(`/api/orders/${order.id}/submit`, { ...pickupWallet, scheduledFor: offGrid });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("scheduledFor");
    const notADate = await client.put(`/api/orders/${order.id}/submit`, { ...pickupWallet, scheduledFor: "tomorrow" });
    expect(notADate.status()).toBe(400);
    expect((await notADate.json()).errors).toHaveProperty("scheduledFor");
    expect(await walletOf(client)).toBe(999.99);
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");

    const good = await client.put(`/api/orders/${order.id}/submit`, { ...pickupWallet, scheduledFor: slot });
    expect(good.status()).toBe(200);
    expect(await good.json()).toMatchObject({ deliveryOption: "pickup", scheduledFor: slot, estimatedArrivalFrom: slot, deliveryFee: 0 });
  });

  test("the owner: out_for_delivery on a pickup is a 409 that changes nothing; ready -> delivered (picked up) works", async ({ baseURL }) => {
    const owner = await signUpOwner(baseURL!);
    const { client: customer } = await signUpCustomer(baseURL!);
    const order = await createOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
    expect((await customer.put(`/api/orders/${order.id}/submit`, pickupWallet)).status()).toBe(200);
    const stage = (body: unknown) => owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/stage`, body);
    expect((await stage({ stage: "accepted", prepMinutes: 10 })).status()).toBe(200);
    const early = await stage({ stage: "delivered" });
    expect(early.status()).toBe(409);
    expect((await early.json()).message).toBe("This order is being prepared, so it cannot be marked picked up");
    expect((await stage({ stage: "ready" })).status()).toBe(200);
    const out = await stage({ stage: "out_for_delivery" });
    expect(out.status()).toBe(409);
    expect((await out.json()).message).toBe("This is a pickup order: the customer collects it, so it is never out for delivery. Mark it picked up instead");
    expect((await (await customer.get(`/api/orders/${order.id}`)).json()).stage).toBe("ready");
    const done = await stage({ stage: "delivered" });
    expect(done.status()).toBe(200);
    const mine = await (await customer.get(`/api/orders/${order.id}`)).json();
    expect(mine).toMatchObject({ status: "Completed", stage: "delivered", deliveryOption: "pickup" });
    expect(mine.timeline.map((step: { stage: string }) => step.stage)).toEqual(["placed", "accepted", "ready", "delivered"]);
  });
});
