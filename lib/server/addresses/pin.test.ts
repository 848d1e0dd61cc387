import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { addressCreateSchema, addressUpdateSchema } from "@/lib/contract/addresses/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { profileUpdateSchema } from "@/lib/contract/accounts/profile-rules";
import { geocodeZip } from "../geo/geocoder";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The pin an address at its ZIP's centre needs (docs/architecture/places.md "The geocoder"),
// against a real, migrated database and the offline geocoder: the address book keeps an address
// the geocoder places only at its ZIP's centre once its pin is sent (a 422 naming `lat` before,
// nothing saved); a street it knows is kept at its building; an order to an entry still at its
// ZIP's centre is a 422 naming addressId until the pin is placed, and then goes to the pin. The
// spec's profile address (signup, PUT /api/users/{id}) saves and orders as the spec's flows do.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  book: await import("./book"),
  users: await import("../accounts/users"),
  place: await import("../orders/place"),
  manage: await import("../restaurants/manage"),
};

const member = (name = "Ada") => m.db.user.create({ data: { firstName: name, email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com` } });
const MISSION = { label: "Home", address: "12 Analytical Way", city: "San Francisco", state: "CA", zip: "94110" };
const GUERRERO = { label: "Rosa's", address: "1847 Guerrero St", city: "San Francisco", state: "CA", zip: "94110" };
const CENTRE = geocodeZip("94110")!;
/** A door in the Mission, 300 m from 94110's centre. */
const DOOR = { lat: 37.7535, lng: -122.4165 };
const needsPin = {
  status: 422,
  message: "We could only find this address's ZIP code. Place the pin on your door on the map, then save",
  errors: { lat: "We could only find this address's ZIP code. Place the pin on your door on the map, then save" },
};

describe("an address the geocoder places only at its ZIP's centre", () => {
  it("is refused without its pin (422 naming lat, with the centre to open the map at), saved with it", async () => {
    const user = await member();
    const refused = m.book.addAddress(user, addressCreateSchema.parse(MISSION));
    await expect(refused).rejects.toMatchObject({ ...needsPin, extra: { place: { ...CENTRE, precision: "zip" } } });
    expect(await m.db.address.count({ where: { userId: user.id } })).toBe(0);
    const saved = await m.book.addAddress(user, addressCreateSchema.parse({ ...MISSION, ...DOOR }));
    expect(saved.address).toMatchObject({ ...DOOR, pinned: true, precision: "zip", isDefault: true });
  });

  it("a street the geocoder knows is kept at its building without a pin; moved to one it does not, the pin is asked again", async () => {
    const user = await member();
    const rosa = (await m.book.addAddress(user, addressCreateSchema.parse(GUERRERO))).address!;
    expect(rosa).toMatchObject({ lat: 37.7433, lng: -122.4228, pinned: false, precision: "rooftop" });
    await expect(m.book.updateAddress(user, rosa.id, addressUpdateSchema.parse({ address: "12 Analytical Way" }))).rejects.toMatchObject(needsPin);
    expect(await m.db.address.findUniqueOrThrow({ where: { id: rosa.id } })).toMatchObject({ address: "1847 Guerrero St", precision: "rooftop", lat: 37.7433 });
    // Unpinning (lat/lng null) puts it where the geocoder places it; a label alone places nothing.
    const pinned = await m.book.updateAddress(user, rosa.id, addressUpdateSchema.parse(DOOR));
    expect(pinned.address).toMatchObject({ ...DOOR, pinned: true, precision: "rooftop" });
    expect((await m.book.updateAddress(user, rosa.id, addressUpdateSchema.parse({ lat: null, lng: null }))).address).toMatchObject({ lat: 37.7433, pinned: false });
    expect((await m.book.updateAddress(user, rosa.id, addressUpdateSchema.parse({ label: "Mum's" }))).address).toMatchObject({ label: "Mum's", lat: 37.7433 });
  });
});

describe("ordering to it", () => {
  const restaurant = async () => {
    const owner = await m.db.user.create({ data: { firstName: "Owner" } });
    const created = await m.manage.createRestaurant(owner, { ...restaurantInput(), address: "2889 Mission Street", city: "San Francisco", state: "CA", zip: "94110" });
    // At its building, 2889 Mission Street (the seed's), about 300 m from 94110's centre.
    const r = await m.db.restaurant.update({ where: { id: created.id }, data: { lat: 37.7515, lng: -122.4183 } });
    const dish = await m.db.menuItem.create({
      data: { restaurantId: r.id, name: "Noodles", description: "d", priceCents: 1_500, foodImage: "/d.webp", foodType: "entree" },
    });
    return { r, dish };
  };
  const order = async (user: User, restaurantId: number, menuItemId: number, addressId?: number) => {
    const submit = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", ...(addressId ? { addressId } : {}) };
    const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity: 1 }], submit });
    const caller = await m.db.user.findUniqueOrThrow({ where: { id: user.id } });
    return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, caller, { cart: input }, input.submit!, paymentFor(input.submit!)));
  };

  it("an entry still at its ZIP's centre is a 422 naming addressId that places nothing; once pinned, the order and the courier go to the pin", async () => {
    const { r, dish } = await restaurant();
    const user = await member();
    // The spec's profile address (PUT /api/users/{id}) is kept at its ZIP's centre: the book's default, unpinned.
    await m.users.updateProfile(user, user.id, profileUpdateSchema.parse({ address: "12 Analytical Way", city: "San Francisco", state: "CA", zip: "94110" }));
    const home = (await m.book.listAddresses(user))[0]!;
    expect(home).toMatchObject({ ...CENTRE, pinned: false, precision: "zip", isDefault: true });
    await m.book.addAddress(user, addressCreateSchema.parse({ ...GUERRERO, isDefault: true }));

    const before = await m.db.order.count();
    const refused = order(user, r.id, dish.id, home.id);
    await expect(refused).rejects.toMatchObject({ status: 422, errors: { "submit.addressId": "Place this address's pin on the map before ordering to it" } });
    expect(await m.db.order.count()).toBe(before);

    await m.book.updateAddress(user, home.id, addressUpdateSchema.parse(DOOR));
    const placed = await order(user, r.id, dish.id, home.id);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: placed.id } })).toMatchObject({
      deliveryStreet: "12 Analytical Way",
      deliveryLat: DOOR.lat,
      deliveryLng: DOOR.lng,
    });
  });

  it("the spec's flow: the profile's address, the default, still orders at its ZIP's centre (checkout asks for its pin)", async () => {
    const { r, dish } = await restaurant();
    const user = await member();
    await m.users.updateProfile(user, user.id, profileUpdateSchema.parse({ address: "12 Analytical Way", city: "San Francisco", state: "CA", zip: "94110" }));
    const placed = await order(user, r.id, dish.id);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: placed.id } })).toMatchObject({ deliveryLat: CENTRE.lat, deliveryLng: CENTRE.lng });
  });
});
