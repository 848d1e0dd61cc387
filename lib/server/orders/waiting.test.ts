import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { accountExportSchema } from "@/lib/contract/accounts/privacy-schemas";
import { orderSchema } from "@/lib/contract/orders/schemas";
import { deliveryEstimateText, estimateSourceOf } from "@/lib/shared/delivery/delivery-estimate";
import { reopensLabelIn } from "@/lib/shared/kitchen/kitchen-lines";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { kitchenAddedText } from "@/lib/shared/orders/order-stages";
import { addressCreateSchema, addressUpdateSchema } from "@/lib/contract/addresses/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { kitchenInputSchema } from "@/lib/contract/restaurants/kitchen-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { geocodeZip } from "../geo/geocoder";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// The customer's waiting and what an order keeps (the data export's gaps) against a
// real, migrated database: a paused restaurant's estimate counts its reopening, with why; the
// kitchen's added minutes are kept with the window they moved; GET /api/orders/{id} carries the
// address copy the order was placed with; a group's checkout goes to the host's chosen entry; the
// data export holds the address book and the favourite restaurants.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  book: await import("../addresses/book"),
  manage: await import("../restaurants/manage"),
  kitchen: await import("../restaurants/kitchen"),
  restaurants: await import("../restaurants/restaurants"),
  favorites: await import("../restaurants/favorites"),
  place: await import("./place"),
  accept: await import("./accept"),
  prep: await import("./prep"),
  read: await import("./read"),
  groups: {
    ...(await import("../group-orders/create")),
    ...(await import("../group-orders/join")),
    ...(await import("../group-orders/add-line")),
    ...(await import("../group-orders/lock-and-deadline")),
  },
  checkout: await import("../group-orders/group-checkout"),
  exportData: (await import("../customer-data/export")).exportData,
};

const member = (name = "Ada") => m.db.user.create({ data: { firstName: name, email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com` } });
const fresh = (user: User) => m.db.user.findUniqueOrThrow({ where: { id: user.id } });
/** Eugene's streets are placed only at their ZIP's centre by the offline geocoder: each entry is saved with its pin there. */
const add = (user: User, over: Record<string, unknown> = {}) =>
  m.book.addAddress(
    user,
    addressCreateSchema.parse({ label: "Home", address: "1 Main St", city: "Eugene", state: "OR", zip: "97401", ...geocodeZip(String(over.zip ?? "97401")), ...over }),
  );
const submit = (over: Record<string, unknown> = {}) => ({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", ...over });

async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: { deliveryRadiusKm: 8 } });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Noodles", description: "d", priceCents: 1_500, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

async function order(user: User, restaurantId: number, menuItemId: number, over: Record<string, unknown> = {}) {
  const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity: 1 }], submit: submit(over) });
  const caller = await fresh(user);
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, caller, { cart: input }, input.submit!, paymentFor(input.submit!)));
}

async function collect(chunks: AsyncGenerator<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe("a paused restaurant's estimate", () => {
  it("counts the minutes until it reopens, with why in its zone; the same as a busy kitchen's once it reopens", async () => {
    const { owner, restaurant } = await shop();
    const now = new Date();
    await m.kitchen.updateKitchen(owner, restaurant.id, kitchenInputSchema.parse({ pause: "30", busyExtraMinutes: 10 }), now);
    const json = m.restaurants.restaurantToJson(await m.restaurants.getRestaurant(restaurant.id), "USD");
    expect(json.pausedUntil).not.toBeNull();
    // Paused for 30 minutes and 10 busy minutes: the spec's 20-35 moved by 40.
    expect(deliveryEstimateText(estimateSourceOf(json, now))).toBe("60-75 min");
    expect(deliveryEstimateText(estimateSourceOf(json, now), "priority")).toBe("55-70 min");
    const until = new Date(json.pausedUntil!);
    const local = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: json.timeZone }).format(until);
    expect(reopensLabelIn(json.pausedUntil!, json.timeZone, ENGLISH.lines.kitchen, "en")).toBe(`Opens again at ${local}`);
    // Once it reopens, only the busy minutes.
    expect(deliveryEstimateText(estimateSourceOf(json, until.getTime() + 1))).toBe("30-45 min");
  });
});

describe("why an accepted order's window moved", () => {
  it("the kitchen's +10 and +5 are kept with the order: a later read (a reload, another device) says them", async () => {
    const { owner, restaurant, dish } = await shop();
    const user = await member();
    await add(user);
    const placed = await order(user, restaurant.id, dish.id);
    await m.accept.acceptOrder(owner, restaurant.id, placed.id, 15);
    const read = async () => orderSchema.parse(await m.read.getReadableOrder(await fresh(user), placed.id));
    const accepted = await read();
    expect(accepted.prepAddedMinutes).toBe(0);

    await m.prep.addPrepMinutes(owner, restaurant.id, placed.id, 10);
    const moved = await read();
    expect(moved.prepAddedMinutes).toBe(10);
    expect(kitchenAddedText(moved.prepAddedMinutes)).toBe("The kitchen added 10 minutes");
    expect(new Date(moved.estimatedArrivalTo!).getTime() - new Date(accepted.estimatedArrivalTo!).getTime()).toBe(10 * 60_000);

    await m.prep.addPrepMinutes(owner, restaurant.id, placed.id, 5);
    expect((await read()).prepAddedMinutes).toBe(15);
  });
});

describe("the address an order was placed with", () => {
  it("GET /api/orders/{id} carries the order's own copy, not the live book; a pickup has none; the restaurant's read has none", async () => {
    const { restaurant, dish } = await shop();
    const user = await member();
    await add(user, { instructions: "Ring twice" });
    const work = (await add(user, { label: "Work", address: "500 Oak St", unit: "Suite 2", zip: "97403", instructions: "Front desk" })).address!;
    const placed = await order(user, restaurant.id, dish.id, { addressId: work.id });
    await m.book.updateAddress(user, work.id, addressUpdateSchema.parse({ address: "77 Other Rd", unit: "Flat 9", ...geocodeZip("97403") }));

    const json = orderSchema.parse(await m.read.getReadableOrder(await fresh(user), placed.id));
    expect(json.deliveryAddress).toMatchObject({
      label: "Work",
      address: "500 Oak St",
      unit: "Suite 2",
      city: "Eugene",
      zip: "97403",
      instructions: "Front desk",
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
    const pickup = await order(user, restaurant.id, dish.id, { deliveryOption: "pickup" });
    expect((await m.read.getReadableOrder(await fresh(user), pickup.id)).deliveryAddress).toBeNull();
  });

  it("a group's checkout goes to the host's chosen entry like a normal checkout; without one, the default", async () => {
    const { restaurant, dish } = await shop();
    const host = await member("Host");
    await add(host);
    const work = (await add(host, { label: "Work", address: "500 Oak St", zip: "97403" })).address!;
    const guest = await member("Ben");

    const placeGroup = async (over: Record<string, unknown>) => {
      const group = await m.groups.createGroup(await fresh(host), restaurant.id);
      await m.groups.joinGroup(await fresh(guest), group.token, "Ben");
      await m.groups.addGroupLine(await fresh(guest), group.token, { menuItemId: dish.id, quantity: 1, options: [] });
      await m.groups.updateGroup(await fresh(host), group.token, { locked: true });
      const caller = await fresh(host);
      return m.db.$transaction((tx) =>
        m.checkout.checkoutGroup(tx, caller, group.token, submitOrderSchema.parse(submit(over)), paymentFor(submitOrderSchema.parse(submit(over)))),
      );
    };
    const chosen = await placeGroup({ addressId: work.id });
    expect(chosen.order.deliveryAddress).toMatchObject({ label: "Work", address: "500 Oak St", zip: "97403" });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: chosen.order.id } })).toMatchObject({ deliveryLabel: "Work", deliveryStreet: "500 Oak St" });
    const byDefault = await placeGroup({});
    expect(byDefault.order.deliveryAddress).toMatchObject({ label: "Home", address: "1 Main St" });
  });
});

describe("the data export", () => {
  it("holds the address book and the favourite restaurants, and only the account's own", async () => {
    const { restaurant } = await shop();
    const other = await shop();
    const user = await member();
    const stranger = await member("Stranger");
    await add(user, { instructions: "Ring twice" });
    await add(user, { label: "Work", address: "500 Oak St", unit: "Suite 2", zip: "97403" });
    await add(stranger, { label: "Theirs" });
    await m.favorites.setFavoriteRestaurant(user.id, other.restaurant.id, true);
    await m.favorites.setFavoriteRestaurant(user.id, restaurant.id, true);
    await m.favorites.setFavoriteRestaurant(stranger.id, restaurant.id, true);

    const data = accountExportSchema.parse(JSON.parse(await collect(m.exportData(await fresh(user), user.id))));
    expect(data.addresses.map((entry) => [entry.label, entry.unit, entry.isDefault])).toEqual([
      ["Home", null, true],
      ["Work", "Suite 2", false],
    ]);
    expect(data.addresses[0]).toMatchObject({ address: "1 Main St", instructions: "Ring twice" });
    expect(data.favouriteRestaurants.map((row) => row.restaurantId)).toEqual([restaurant.id, other.restaurant.id].sort((a, b) => a - b));
    expect(data.favouriteRestaurants[0]).toMatchObject({ name: expect.any(String), favouredAt: expect.any(String) });
  });
});
