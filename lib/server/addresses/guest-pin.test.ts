import { describe, expect, it } from "vitest";
import { ADDRESS_BOOK_SAID, PIN_MAX_KM } from "@/lib/contract/addresses/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { PROFILE_SAID } from "@/lib/contract/zod-free/profile-rules";
import { geocodeZip } from "../geo/geocoder";
import { UNKNOWN_ZIP } from "../geo/place";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// A guest's address (docs/architecture/places.md "A guest's address"), against a real, migrated
// database and the offline geocoder: the line is placed as the address book's saves place it
// (GET /api/search/locate), a street the geocoder knows at its building, anything else at its
// ZIP's centre with `precision: "zip"` (checkout then asks for the pin); the order places the
// guest's address at the pin sent with it (within 5 km of its ZIP's centre), else where the
// geocoder found it, else at that centre, and keeps it on the guest account.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../geo/place"),
  destination: await import("../orders/destination"),
  orders: await import("../orders/place"),
  manage: await import("../restaurants/manage"),
};

const CENTRE = geocodeZip("94103")!;
/** 41 Valencia Street, at its building in the offline geocoder's table, about 0.7 km from 94103's centre. */
const VALENCIA = { lat: 37.7718, lng: -122.4225 };
const OTIS = "77 Otis St, San Francisco, CA 94103";
/** A door on Otis Street, a few hundred metres from 94103's centre. */
const DOOR = { lat: 37.7706, lng: -122.4205 };

describe("locating a typed line", () => {
  it("a street the geocoder knows is at its building; any other at its ZIP's centre, precision zip; both with that centre", async () => {
    expect(await m.place.locateLine("41 Valencia St, San Francisco, CA 94103")).toMatchObject({
      address: "41 Valencia St",
      zip: "94103",
      ...VALENCIA,
      precision: "rooftop",
      centre: CENTRE,
    });
    expect(await m.place.locateLine(OTIS)).toMatchObject({ ...CENTRE, precision: "zip", centre: CENTRE });
  });

  it("a line that is not an address, or a ZIP nobody knows, is a 400 naming address", async () => {
    await expect(m.place.locateLine("41 Valencia St 94103")).rejects.toMatchObject({ status: 400, errors: { address: inEnglish(PROFILE_SAID.address) } });
    await expect(m.place.locateLine("1 Main St, Nowhere, CA, 00000")).rejects.toMatchObject({ status: 400, errors: { address: inEnglish(UNKNOWN_ZIP) } });
  });
});

describe("a guest's order to the address", () => {
  const restaurant = async () => {
    const owner = await m.db.user.create({ data: { firstName: "Owner" } });
    const created = await m.manage.createRestaurant(owner, { ...restaurantInput(), address: "498 Valencia Street", city: "San Francisco", state: "CA", zip: "94103" });
    const dish = await m.db.menuItem.create({
      data: { restaurantId: created.id, name: "Noodles", description: "d", priceCents: 1_500, foodImage: "/d.webp", foodType: "entree" },
    });
    return { restaurantId: created.id, menuItemId: dish.id };
  };
  const guest = () => m.db.user.create({ data: { firstName: "Guest", guestAccount: true } });
  /** Placed as a checkout places it: the guest's line located first (web/checkout.ts), then the one placeOrder path. */
  const order = async (userId: number, shop: { restaurantId: number; menuItemId: number }, submit: Record<string, unknown>) => {
    const input = placeOrderSchema.parse({
      restaurantId: shop.restaurantId,
      items: [{ menuItemId: shop.menuItemId, quantity: 1 }],
      submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", ...submit },
    });
    const caller = await m.db.user.findUniqueOrThrow({ where: { id: userId } });
    const located = await m.destination.locateGuestAddress(caller, input.submit!);
    return m.sql.sqlTransaction((sql) => m.orders.placeOrder(sql, caller, { cart: input }, located, paymentFor(located)));
  };
  const placedAt = async (orderId: number, userId: number) => ({
    order: await m.db.order.findUniqueOrThrow({ where: { id: orderId }, select: { deliveryLat: true, deliveryLng: true, deliveryStreet: true } }),
    guest: await m.db.user.findUniqueOrThrow({ where: { id: userId }, select: { address: true, lat: true, lng: true } }),
  });

  it("a street the geocoder knows goes to its building, not its ZIP's centre", async () => {
    const shop = await restaurant();
    const user = await guest();
    const placed = await order(user.id, shop, { deliveryAddress: "41 Valencia St, San Francisco, CA 94103" });
    expect(await placedAt(placed.id, user.id)).toMatchObject({
      order: { deliveryStreet: "41 Valencia St", deliveryLat: VALENCIA.lat, deliveryLng: VALENCIA.lng },
      guest: { address: "41 Valencia St", ...VALENCIA },
    });
  });

  it("one found only at its ZIP's centre goes to the pin sent with it, kept on the guest account; without one, to that centre", async () => {
    const shop = await restaurant();
    const pinned = await guest();
    const toPin = await order(pinned.id, shop, { deliveryAddress: OTIS, deliveryLat: DOOR.lat, deliveryLng: DOOR.lng });
    expect(await placedAt(toPin.id, pinned.id)).toMatchObject({ order: { deliveryLat: DOOR.lat, deliveryLng: DOOR.lng }, guest: { address: "77 Otis St", ...DOOR } });
    const unpinned = await guest();
    const toCentre = await order(unpinned.id, shop, { deliveryAddress: OTIS });
    expect(await placedAt(toCentre.id, unpinned.id)).toMatchObject({ order: { deliveryLat: CENTRE.lat, deliveryLng: CENTRE.lng }, guest: CENTRE });
  });

  it("a pin farther than 5 km from the ZIP's centre is a 400 naming deliveryLat, and nothing is placed or saved", async () => {
    const shop = await restaurant();
    const user = await guest();
    const before = await m.db.order.count();
    const far = { deliveryLat: CENTRE.lat + 0.1, deliveryLng: CENTRE.lng };
    const message = inEnglish(ADDRESS_BOOK_SAID.pinFar(PIN_MAX_KM));
    await expect(order(user.id, shop, { deliveryAddress: OTIS, ...far })).rejects.toMatchObject({ status: 400, errors: { "submit.deliveryLat": message } });
    expect(await m.db.order.count()).toBe(before);
    expect(await m.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ address: null, lat: null });
  });

  it("a pin needs both coordinates and the address it places", () => {
    const base = { restaurantId: 1, items: [{ menuItemId: 1, quantity: 1 }] };
    const submit = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" };
    const half = placeOrderSchema.safeParse({ ...base, submit: { ...submit, deliveryAddress: OTIS, deliveryLat: DOOR.lat } });
    expect(half.error?.issues.map((issue) => issue.path.join("."))).toEqual(["submit.deliveryLat"]);
    const alone = placeOrderSchema.safeParse({ ...base, submit: { ...submit, ...{ deliveryLat: DOOR.lat, deliveryLng: DOOR.lng } } });
    expect(inEnglish(alone.error?.issues[0]?.message ?? "")).toBe("deliveryLat and deliveryLng place the deliveryAddress sent with them");
  });

  it("an account's line is not located for it (its address book places its own), and a pin sent is not replaced", async () => {
    const member = { guestAccount: false };
    const submit = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", deliveryAddress: "41 Valencia St, San Francisco, CA 94103" } as const;
    expect(await m.destination.locateGuestAddress(member, submit)).toBe(submit);
    const pinned = { ...submit, deliveryLat: DOOR.lat, deliveryLng: DOOR.lng };
    expect(await m.destination.locateGuestAddress({ guestAccount: true }, pinned)).toBe(pinned);
  });
});
