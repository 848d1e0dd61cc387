import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { geocodeZip } from "../geo/geocoder";
import { restaurantInput, setUpTestDatabase, walletCentsOf } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// The delivery radius (docs/architecture/places.md "Delivery radius") through placeOrder, the one
// path of the three checkouts, against a real, migrated database: a delivery to an address beyond
// the restaurant's radius is a 422 naming `address` that charges and writes nothing; pickup is
// fine; an unknown place refuses nothing.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  create: await import("./create"),
  place: await import("./place"),
};

/** A customer with a wallet, living at `zip` (placed there, as a saved address is). */
async function customerAt(zip: string | null): Promise<User> {
  const point = zip ? geocodeZip(zip)! : { lat: null, lng: null };
  const user = await m.db.user.create({ data: { firstName: "Ada", address: zip ? "1 Main St" : null, zip, ...point } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 50_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

/** Lantern Noodle House in Eugene, OR (97403), delivering within `radius` km, and one dish. */
async function restaurant(radius = 8) {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const created = await m.manage.createRestaurant(owner, { ...restaurantInput(), deliveryRadiusKm: radius });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: created.id, name: "Noodles", description: "d", priceCents: 1_500, foodImage: "/d.webp", foodType: "entree" },
  });
  return { restaurant: created, dish };
}

const delivery: SubmitOrderInput = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" };
const pickup: SubmitOrderInput = { deliveryOption: "pickup", tipPercent: 15, paymentMethod: "wallet" };

const cart = (user: User, restaurantId: number, menuItemId: number, submit: SubmitOrderInput) => {
  const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity: 1 }], submit });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!)));
};
const twoStep = async (user: User, restaurantId: number, menuItemId: number, submit: SubmitOrderInput) => {
  const active = await m.sql.sqlTransaction((sql) => m.create.createOrder(sql, user, { restaurantId, items: [{ menuItemId, quantity: 1 }] }));
  return m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, submit, paymentFor(submit)));
};

const tooFar = (radius: number) => ({
  code: "unprocessable",
  status: 422,
  message: expect.stringMatching(
    new RegExp(`^Your address is \\d+(\\.\\d)? km away; Lantern Noodle House delivers within ${radius} km\\. Choose pickup or another address$`),
  ),
  errors: { address: expect.stringContaining("Choose pickup or another address") },
});

describe("the delivery radius", () => {
  it.each([
    ["the cart's one-call checkout", cart],
    ["the two-step submit", twoStep],
  ] as const)("%s: beyond the radius is a 422 naming address that charges nothing; pickup from there is placed", async (_, place) => {
    const { restaurant: r, dish } = await restaurant();
    const far = await customerAt("94110"); // San Francisco, about 700 km from Eugene
    await expect(place(far, r.id, dish.id, delivery)).rejects.toMatchObject(tooFar(8));
    expect(await m.db.order.count({ where: { userId: far.id, stage: { not: null } } })).toBe(0);
    expect(await walletCentsOf(m.db, far.id)).toBe(50_000);
    expect(await place(far, r.id, dish.id, pickup)).toMatchObject({ stage: "placed", pickup: true });
  });

  it("a delivery within the radius is placed; the same address is refused once the owner narrows the radius", async () => {
    const { restaurant: r, dish } = await restaurant();
    const near = await customerAt("97401"); // Eugene's centre, a few km from 97403's centroid
    expect(await cart(near, r.id, dish.id, delivery)).toMatchObject({ stage: "placed", pickup: false });
    await m.manage.updateRestaurant({ id: r.ownerId, guestAccount: false }, r.id, { deliveryRadiusKm: 0.5 });
    await expect(cart(near, r.id, dish.id, delivery)).rejects.toMatchObject(tooFar(0.5));
  });

  it("refuses nothing when a place is unknown: a customer without an address, a restaurant saved before places", async () => {
    const { restaurant: r, dish } = await restaurant();
    expect(await cart(await customerAt(null), r.id, dish.id, delivery)).toMatchObject({ stage: "placed" });
    await m.db.restaurant.update({ where: { id: r.id }, data: { lat: null, lng: null } });
    expect(await twoStep(await customerAt("94110"), r.id, dish.id, delivery)).toMatchObject({ stage: "placed" });
  });
});
