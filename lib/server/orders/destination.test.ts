import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { PROFILE_SAID } from "@/lib/contract/zod-free/profile-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { UNKNOWN_ZIP } from "../geo/place";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { said } from "@/lib/shared/words/said";

// A guest's delivery needs an address a courier can be sent to
// (lib/server/orders/destination.ts) through placeOrder, the one path of the three checkouts,
// against a real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL): without one a
// guest's delivery is a 422 naming `address` that writes and charges nothing; the address sent
// with the order (the one searched on the landing page) becomes the guest's, the order is placed
// and accepting it makes its delivery job to that address; a malformed or unknown one is a 400
// naming the field, and a refused placement leaves the guest's address unsaved.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  create: await import("./create"),
  place: await import("./place"),
  accept: await import("./accept"),
};

const NEAR = "1 Main St, Eugene, OR, 97401"; // a few km from the restaurant's 97403
const FAR = "1847 Guerrero St, San Francisco, CA, 94110"; // about 700 km away

const guest = async (): Promise<User> => m.db.user.create({ data: { firstName: "Guest", guestAccount: true } });

/** Lantern Noodle House in Eugene, OR (97403, placed), and one dish. */
async function restaurant() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const created = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: created.id, name: "Noodles", description: "d", priceCents: 1_500, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant: created, dish };
}

const submit = (over: Record<string, unknown> = {}) => submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", ...over });

/** The one-call checkout (POST /api/orders with `submit`): its refusals name `submit.<field>`. */
const cart = (user: User, restaurantId: number, menuItemId: number, over: Record<string, unknown> = {}) => {
  const input = placeOrderSchema.parse({
    restaurantId,
    items: [{ menuItemId, quantity: 1 }],
    submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", ...over },
  });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!)));
};
/** The two-step submit (PUT /api/orders/{id}/submit), as the checkout page places a guest's order. */
const twoStep = async (user: User, restaurantId: number, menuItemId: number, over: Record<string, unknown> = {}) => {
  const active = await m.sql.sqlTransaction((sql) => m.create.createOrder(sql, user, { restaurantId, items: [{ menuItemId, quantity: 1 }] }));
  return m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, submit(over), paymentFor(submit(over))));
};

const placedCount = (user: User) => m.db.order.count({ where: { userId: user.id, stage: { not: null } } });
const addressOf = (user: User) =>
  m.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { address: true, city: true, state: true, zip: true, lat: true, lng: true } });

describe("a guest's delivery address", () => {
  it.each([
    ["the cart's one-call checkout", cart],
    ["the two-step submit", twoStep],
  ] as const)("%s: none is a 422 naming address that places and charges nothing; pickup needs none", async (_, place) => {
    const { restaurant: r, dish } = await restaurant();
    const visitor = await guest();
    await expect(place(visitor, r.id, dish.id)).rejects.toMatchObject({
      status: 422,
      message: inEnglish(said("messages.guestDeliveryAddressNeeded")),
      errors: { address: inEnglish(said("messages.guestDeliveryAddressNeeded")) },
    });
    expect(await placedCount(visitor)).toBe(0);
    expect(await place(visitor, r.id, dish.id, { deliveryOption: "pickup" })).toMatchObject({ stage: "placed", pickup: true });
  });

  it("the address sent with the order becomes the guest's, placed at its ZIP; accepting the order makes its delivery job to it; the next order needs none sent", async () => {
    const { owner, restaurant: r, dish } = await restaurant();
    const visitor = await guest();
    const order = await twoStep(visitor, r.id, dish.id, { deliveryAddress: ` ${NEAR} ` });
    expect(order).toMatchObject({ stage: "placed", pickup: false });
    const saved = await addressOf(visitor);
    expect(saved).toMatchObject({ address: "1 Main St", city: "Eugene", state: "OR", zip: "97401" });
    expect(saved.lat).toBeCloseTo(44.05, 1);

    await m.accept.acceptOrder(owner, r.id, order.id, 15);
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(job).toMatchObject({ dropoffAddress: "1 Main St, Eugene, OR 97401", dropoffLat: saved.lat, dropoffLng: saved.lng });

    // The guest's row now holds the address: a later order reads it like anyone's.
    const again = await m.db.user.findUniqueOrThrow({ where: { id: visitor.id } });
    expect(await cart(again, r.id, dish.id)).toMatchObject({ stage: "placed", pickup: false });
  });

  it("a malformed address or an unknown ZIP is a 400 naming deliveryAddress (under submit. in the one-call checkout); nothing is saved or placed", async () => {
    const { restaurant: r, dish } = await restaurant();
    const visitor = await guest();
    await expect(twoStep(visitor, r.id, dish.id, { deliveryAddress: "1 Main St, Eugene 97401" })).rejects.toMatchObject({
      status: 400,
      errors: { deliveryAddress: inEnglish(PROFILE_SAID.address) },
    });
    await expect(cart(visitor, r.id, dish.id, { deliveryAddress: "1 Main St, Nowhere, ZZ, 00000" })).rejects.toMatchObject({
      status: 400,
      errors: { "submit.deliveryAddress": inEnglish(UNKNOWN_ZIP) },
    });
    await expect(twoStep(visitor, r.id, dish.id, { deliveryAddress: `${"9".repeat(121)} Main St, Eugene, OR, 97401` })).rejects.toMatchObject({
      status: 400,
      errors: { deliveryAddress: "The address's address must be at most 120 characters" },
    });
    expect(await placedCount(visitor)).toBe(0);
    expect((await addressOf(visitor)).address).toBeNull();
  });

  it("an address beyond the radius is the radius's 422 and is not saved: the placement rolled it back", async () => {
    const { restaurant: r, dish } = await restaurant();
    const visitor = await guest();
    await expect(twoStep(visitor, r.id, dish.id, { deliveryAddress: FAR })).rejects.toMatchObject({
      status: 422,
      errors: { address: expect.stringContaining("km away") },
    });
    expect(await addressOf(visitor)).toEqual({ address: null, city: null, state: null, zip: null, lat: null, lng: null });
    expect(await placedCount(visitor)).toBe(0);
  });

  it("an account with a profile sends none: its address is the saved one (400 naming deliveryAddress)", async () => {
    const { restaurant: r, dish } = await restaurant();
    const member = await m.db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "Eugene", state: "OR", zip: "97401" } });
    await expect(twoStep(member, r.id, dish.id, { deliveryAddress: NEAR })).rejects.toMatchObject({
      status: 400,
      errors: { deliveryAddress: inEnglish(said("messages.deliveryAddressGuestsOnly")) },
    });
    expect(await placedCount(member)).toBe(0);
  });
});
