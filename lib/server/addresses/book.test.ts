import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { GUEST_ADDRESS } from "@/lib/shared/words/messages";
import { ADDRESS_BOOK_SAID, PIN_MAX_KM, addressCreateSchema, addressUpdateSchema } from "@/lib/contract/addresses/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { profileUpdateSchema } from "@/lib/contract/accounts/profile-rules";
import { geocodeZip } from "../geo/geocoder";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { englishIssue, inEnglish } from "@/lib/contract/testing/in-english";

// The address book (docs/architecture/places.md "Address book") against a real,
// migrated database: one default, which the profile's address mirrors; only the owner reads or
// changes an entry; an order keeps a copy of the address it was placed with (edits, removals and
// a new default change nothing of it, nor of its courier's drop-off); the dragged pin is the
// point the delivery radius, the quote and the courier's drop-off use.

setUpTestDatabase();
// Loaded after the file's database is set (a static import would open the database before it is).
const { UNKNOWN_ADDRESS } = await import("./order-copy");
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  book: await import("./book"),
  users: await import("../accounts/users"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  quote: await import("../orders/quote"),
  accept: await import("../orders/accept"),
};

const member = (name = "Ada") => m.db.user.create({ data: { firstName: name, email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com` } });
/** 97401's centre: the geocoder places "1 Main St, Eugene" only there, so its entries are saved with their pin (pin.test.ts). */
const CENTRE_97401 = geocodeZip("97401")!;
const add = (user: User, over: Record<string, unknown> = {}) =>
  m.book.addAddress(user, addressCreateSchema.parse({ label: "Home", address: "1 Main St", city: "Eugene", state: "OR", zip: "97401", ...CENTRE_97401, ...over }));
const profile = (user: User) =>
  m.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { address: true, city: true, zip: true, lat: true, lng: true, deliveryInstructions: true } });
const defaults = async (user: User) => (await m.book.listAddresses(user)).filter((entry) => entry.isDefault).map((entry) => entry.label);

/** 97401's centre is about 3.6 km from the restaurant's 97403; this pin, inside 97401's 5 km, is under 1 km from it. */
const PIN = { lat: 44.045, lng: -123.068 };

describe("the address book's rules", () => {
  it("the first entry is the default and the profile mirrors it; making another the default leaves exactly one; removing the default promotes the oldest; removing the last clears the profile", async () => {
    const user = await member();
    const home = await add(user, { instructions: "Ring twice" });
    expect(home.address).toMatchObject({ label: "Home", isDefault: true, pinned: true, precision: "zip" });
    expect(await profile(user)).toMatchObject({ address: "1 Main St", zip: "97401", deliveryInstructions: "Ring twice" });

    const work = await add(user, { label: "Work", address: "500 Oak St", unit: "Suite 2", zip: "97403", ...PIN });
    expect(work.address).toMatchObject({ isDefault: false, pinned: true, unit: "Suite 2", ...PIN });
    expect(await defaults(user)).toEqual(["Home"]);

    await m.book.makeDefault(user, work.address!.id);
    expect(await defaults(user)).toEqual(["Work"]);
    expect(await profile(user)).toMatchObject({ address: "500 Oak St", zip: "97403", ...PIN, deliveryInstructions: null });

    const left = await m.book.removeAddress(user, work.address!.id);
    expect(left.addresses.map((entry) => [entry.label, entry.isDefault])).toEqual([["Home", true]]);
    expect(await profile(user)).toMatchObject({ address: "1 Main St", zip: "97401" });

    expect((await m.book.removeAddress(user, home.address!.id)).addresses).toEqual([]);
    expect(await profile(user)).toMatchObject({ address: null, zip: null, lat: null });
  });

  it("a profile address kept from before the book becomes its default entry at the first change; PUT /api/users/{id} writes through to the default", async () => {
    const user = await m.db.user.create({ data: { firstName: "Old", address: "9 Elm St", city: "Eugene", state: "OR", zip: "97402", lat: 44.06, lng: -123.15 } });
    await add(user, { label: "Gym" });
    expect((await m.book.listAddresses(user)).map((entry) => [entry.label, entry.address, entry.isDefault])).toEqual([
      ["Home", "9 Elm St", true],
      ["Gym", "1 Main St", false],
    ]);
    await m.users.updateProfile(
      user,
      user.id,
      profileUpdateSchema.parse({ address: "12 Pine St", city: "Eugene", state: "OR", zip: "97401", deliveryInstructions: "Side door" }),
    );
    const [first] = await m.book.listAddresses(user);
    expect(first).toMatchObject({ label: "Home", address: "12 Pine St", zip: "97401", instructions: "Side door", isDefault: true, pinned: false });
  });

  it("a guest has no book (the spec's 'Must login to add address'); a pin far from its ZIP and an unknown ZIP are 400s naming the field; nothing is saved", async () => {
    const guest = await m.db.user.create({ data: { firstName: "Guest", guestAccount: true } });
    await expect(add(guest)).rejects.toMatchObject({ status: 403, message: GUEST_ADDRESS });
    const user = await member();
    await expect(add(user, { lat: 44.5, lng: -123.09 })).rejects.toMatchObject({ status: 400, errors: { lat: inEnglish(ADDRESS_BOOK_SAID.pinFar(PIN_MAX_KM)) } });
    await expect(add(user, { zip: "00000" })).rejects.toMatchObject({ status: 400, errors: { zip: expect.any(String) } });
    expect(
      addressCreateSchema.safeParse({ label: "Home", address: "1 Main St", city: "Eugene", state: "OR", zip: "97401", lat: 44 }).error?.issues.map(englishIssue)[0],
    ).toMatchObject({
      path: ["lat"],
      message: "Send both lat and lng, or neither",
    });
    expect(await m.db.address.count({ where: { userId: { in: [guest.id, user.id] } } })).toBe(0);
  });

  it("only the owner reads or changes an entry: anyone else's is the 404 of a missing one, and changes nothing", async () => {
    const owner = await member("Owner");
    const stranger = await member("Stranger");
    const guest = await m.db.user.create({
      data: { firstName: "Guest", guestAccount: true, address: "1 Main St", city: "Eugene", state: "OR", zip: "97401", lat: 44.07, lng: -123.08 },
    });
    const entry = (await add(owner)).address!;
    await add(stranger);
    for (const attempt of [
      () => m.book.makeDefault(guest, entry.id),
      () => m.book.removeAddress(guest, entry.id),
      () => m.book.updateAddress(stranger, entry.id, addressUpdateSchema.parse({ label: "Mine" })),
      () => m.book.makeDefault(stranger, entry.id),
      () => m.book.removeAddress(stranger, entry.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 404, message: "Address not found" });
    }
    expect(await m.db.address.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({ label: "Home", isDefault: true, userId: owner.id });
    expect((await m.book.listAddresses(stranger)).map((row) => row.id)).not.toContain(entry.id);
    // A guest's own delivery address never becomes a book entry.
    expect(await m.db.address.count({ where: { userId: guest.id } })).toBe(0);
  });

  it("concurrent 'make default' calls leave exactly one default", async () => {
    const user = await member();
    const ids: number[] = [];
    for (const label of ["A", "B", "C", "D"]) ids.push((await add(user, { label })).address!.id);
    await Promise.all(ids.flatMap((id) => [m.book.makeDefault(user, id), m.book.makeDefault(user, id)]));
    expect(await m.db.address.count({ where: { userId: user.id, isDefault: true } })).toBe(1);
  });
});

describe("an order and the address it was placed with", () => {
  async function restaurant(radiusKm: number) {
    const owner = await m.db.user.create({ data: { firstName: "Owner" } });
    const created = await m.manage.createRestaurant(owner, restaurantInput());
    await m.db.restaurant.update({ where: { id: created.id }, data: { deliveryRadiusKm: radiusKm } });
    const dish = await m.db.menuItem.create({
      data: { restaurantId: created.id, name: "Noodles", description: "d", priceCents: 1_500, foodImage: "/d.webp", foodType: "entree" },
    });
    return { owner, restaurant: created, dish };
  }
  const submit = (over: Record<string, unknown>) => ({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", ...over });
  // The session's user as a request reads it: its profile address mirrors the book's default.
  const fresh = (user: User) => m.db.user.findUniqueOrThrow({ where: { id: user.id } });
  const cart = async (user: User, restaurantId: number, menuItemId: number, over: Record<string, unknown> = {}) => {
    const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity: 1 }], submit: submit(over) });
    const caller = await fresh(user);
    return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, caller, { cart: input }, input.submit!, paymentFor(input.submit!)));
  };
  const quote = async (user: User, restaurantId: number, menuItemId: number, over: Record<string, unknown> = {}) => {
    const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity: 1 }], submit: submit(over) });
    const caller = await fresh(user);
    return m.sql.sqlTransaction((sql) => m.quote.quoteOrder(sql, caller, { cart: input }, submitOrderSchema.parse(submit(over))));
  };

  it("placed with the second address, the order keeps it after it is edited, the default changes and it is removed; the courier's drop-off is its dragged pin, with the unit", async () => {
    const { owner, restaurant: r, dish } = await restaurant(8);
    const user = await member();
    await add(user, { instructions: "Ring twice" });
    const work = (await add(user, { label: "Work", address: "500 Oak St", unit: "Suite 2", zip: "97403", instructions: "Front desk", ...PIN })).address!;

    const order = await cart(user, r.id, dish.id, { addressId: work.id });
    await m.book.updateAddress(user, work.id, addressUpdateSchema.parse({ address: "77 Other Rd", unit: "Flat 9", instructions: "Changed", lat: 44.04, lng: -123.07 }));
    await m.book.makeDefault(user, work.id);
    await m.book.removeAddress(user, work.id);

    const kept = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(kept).toMatchObject({
      deliveryLabel: "Work",
      deliveryStreet: "500 Oak St",
      deliveryUnit: "Suite 2",
      deliveryZip: "97403",
      deliveryNote: "Front desk",
      deliveryLat: PIN.lat,
      deliveryLng: PIN.lng,
    });
    await m.accept.acceptOrder(owner, r.id, order.id, 15);
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(job).toMatchObject({ dropoffAddress: "500 Oak St, Suite 2, Eugene, OR 97403", dropoffLat: PIN.lat, dropoffLng: PIN.lng, instructions: "Front desk" });

    // Without addressId: the default entry.
    const next = await cart(user, r.id, dish.id);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: next.id } })).toMatchObject({
      deliveryLabel: "Home",
      deliveryStreet: "1 Main St",
      deliveryNote: "Ring twice",
    });
  });

  it("the delivery radius and the quote use the dragged pin, not the ZIP's centre; another's address is a 400 naming addressId that places nothing", async () => {
    // "centre" is pinned at its ZIP's centre (3.6 km away), "pinned" under 1 km from the restaurant.
    const { restaurant: r, dish } = await restaurant(2);
    const user = await member();
    const centre = (await add(user)).address!;
    const pinned = (await add(user, { label: "Pinned", ...PIN })).address!;

    await expect(cart(user, r.id, dish.id, { addressId: centre.id })).rejects.toMatchObject({ status: 422, errors: { address: expect.stringContaining("km") } });
    await expect(quote(user, r.id, dish.id, { addressId: centre.id })).rejects.toMatchObject({ status: 422 });
    await expect(quote(user, r.id, dish.id, { addressId: pinned.id })).resolves.toMatchObject({ total: expect.any(Number) });
    expect(await cart(user, r.id, dish.id, { addressId: pinned.id })).toMatchObject({ stage: "placed" });

    const stranger = await member("Stranger");
    const before = await m.db.order.count();
    await expect(cart(stranger, r.id, dish.id, { addressId: pinned.id })).rejects.toMatchObject({
      status: 400,
      errors: { "submit.addressId": inEnglish(UNKNOWN_ADDRESS) },
    });
    expect(await m.db.order.count()).toBe(before);
  });
});
