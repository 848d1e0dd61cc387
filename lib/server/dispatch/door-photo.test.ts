import { describe, expect, it } from "vitest";
import sharp from "sharp";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { installAppDb, restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The building's photo (docs/architecture/stops-and-messages.md "The building's photo"), against a
// real migrated database: a delivery placed to a saved address keeps its drop-off photo's copy on
// that entry (Order.deliveryAddressId), sized for the courier's slot, which outlives the order's
// own photo; the next courier to that place sees it, and only while holding the job; the customer's
// removal, a pin moved to another door and the entry's removal each delete it. The rule itself:
// lib/shared/delivery/door-photo.test.ts; who reads it over HTTP: e2e/couriers/door-photo.api.spec.ts.

const test = setUpTestDatabase();
installAppDb((await import("../platform/create-db")).createDb(test.url), test.url);

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("./testing/offer-now"),
  jobAccept: await import("../courier-steps/accept"),
  arrived: await import("../courier-steps/arrived"),
  pickedUp: await import("../courier-steps/picked-up"),
  delivered: await import("../courier-steps/delivered"),
  jobs: await import("./read"),
  door: await import("./door-photo"),
  book: await import("../addresses/book"),
  photo: await import("../courier-steps/dropoff-photo"),
  pictures: await import("../platform/pictures"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
const DOOR = { lat: HERE.lat + 2 / 111.32, lng: HERE.lng };

const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3b6e8f" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "door.jpg",
    {
      type: "image/jpeg",
    },
  );

/** A customer whose default saved address (the profile's) is pinned at DOOR. */
async function customerAtDoor(): Promise<User & { homeId: number }> {
  const customer = await m.db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...DOOR } });
  const home = await m.db.address.create({
    data: {
      userId: customer.id,
      label: "Home",
      address: "1 Main St",
      city: "San Francisco",
      state: "CA",
      zip: "94110",
      ...DOOR,
      pinned: true,
      precision: "rooftop",
      isDefault: true,
    },
  });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: customer.id, amountCents: 50_000, kind: "topup" }));
  return { ...customer, homeId: home.id };
}

/** A left-at-the-door order of `customer`'s, its courier holding it picked up at the door. */
async function pickedUp(customer: User) {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const courierUser = await m.db.user.create({ data: { firstName: "Dev", courier: true } });
  await m.db.courierState.create({ data: { userId: courierUser.id, onShift: true, ...HERE, positionAt: new Date() } });
  const courier = { id: courierUser.id, firstName: "Dev" };
  const input = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet", dropoff: "leave_at_door" });
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, input, paymentFor(input)));
  await m.accept.acceptOrder(owner, restaurant.id, placed.id, 15);
  await m.offerNow.offerNow(placed.id);
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
  await m.jobAccept.acceptJob(courier, job.id);
  await m.arrived.arrivedAtPickup(courier, job.id);
  await m.pickedUp.pickedUp(courier, job.id, new Date(), { handedOver: true });
  await m.db.courierState.update({ where: { userId: courier.id }, data: { ...DOOR, positionAt: new Date() } });
  return { courier, orderId: placed.id, jobId: job.id };
}

const entry = (id: number) => m.db.address.findUniqueOrThrow({ where: { id } });

describe("the building's photo", () => {
  it("is kept on the saved address the order went to, sized for the card, and shown to the next courier there while they hold the job", async () => {
    const customer = await customerAtDoor();
    const first = await pickedUp(customer);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: first.orderId } })).toMatchObject({ deliveryAddressId: customer.homeId });
    await m.delivered.deliveredWithPhoto(first.courier, first.jobId, await photo());
    const kept = await entry(customer.homeId);
    expect(kept.doorPhoto).toMatch(/^door_\d+_[a-f0-9]{16}\.webp$/);
    // Its own copy: the order's photo (deleted with the problem-report window) is another file.
    const order = await m.db.order.findUniqueOrThrow({ where: { id: first.orderId } });
    expect(order.dropoffPhoto).not.toBe(kept.doorPhoto);

    const second = await pickedUp(customer);
    const [held] = await m.jobs.courierJobs(second.courier.id);
    expect(held!.dropoff).toMatchObject({ doorPhotoUrl: `/api/courier/jobs/${second.jobId}/door-photo` });
    const meta = await sharp(await m.door.readDoorPhoto(second.courier, second.jobId)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 720, height: 540 });
    // The first courier's job is closed: nothing for them, nor for the job's customer through this path.
    await expect(m.door.readDoorPhoto(first.courier, second.jobId)).rejects.toMatchObject({ status: 404 });
    await expect(m.door.readDoorPhoto(first.courier, first.jobId)).rejects.toMatchObject({ status: 404 });
    await expect(m.door.readDoorPhoto({ id: customer.id }, second.jobId)).rejects.toMatchObject({ status: 404 });

    // A second delivery there replaces it (the older file removed).
    await m.delivered.deliveredWithPhoto(second.courier, second.jobId, await photo());
    const replaced = await entry(customer.homeId);
    expect(replaced.doorPhoto).not.toBe(kept.doorPhoto);
    expect(await m.pictures.readPrivatePicture(kept.doorPhoto!)).toBeNull();
  });

  it("goes when the customer removes it (and none is kept after), when the pin moves to another door, and with the address", async () => {
    const customer = await customerAtDoor();
    const member = { id: customer.id, guestAccount: false };
    const first = await pickedUp(customer);
    await m.delivered.deliveredWithPhoto(first.courier, first.jobId, await photo());
    const { doorPhoto } = await entry(customer.homeId);
    const change = await m.book.updateAddress(member, customer.homeId, { doorPhoto: false });
    expect(change.address).toMatchObject({ doorPhotoAt: null, doorPhotoOff: true });
    expect(await m.pictures.readPrivatePicture(doorPhoto!)).toBeNull();
    const next = await pickedUp(customer);
    await m.delivered.deliveredWithPhoto(next.courier, next.jobId, await photo());
    expect(await entry(customer.homeId)).toMatchObject({ doorPhoto: null, doorPhotoOff: true });

    // Kept again from the next delivery on.
    expect((await m.book.updateAddress(member, customer.homeId, { doorPhoto: true })).address).toMatchObject({ doorPhotoOff: false, doorPhotoAt: null });
    const again = await pickedUp(customer);
    await m.delivered.deliveredWithPhoto(again.courier, again.jobId, await photo());
    const kept = await entry(customer.homeId);
    expect(kept.doorPhoto).not.toBeNull();
    // A pin nudged a few metres keeps it; moved to another door, it goes.
    await m.book.updateAddress(member, customer.homeId, { lat: DOOR.lat + 5 / 111_195, lng: DOOR.lng });
    expect((await entry(customer.homeId)).doorPhoto).toBe(kept.doorPhoto);
    await m.book.updateAddress(member, customer.homeId, { lat: DOOR.lat + 400 / 111_195, lng: DOOR.lng });
    expect((await entry(customer.homeId)).doorPhoto).toBeNull();
    expect(await m.pictures.readPrivatePicture(kept.doorPhoto!)).toBeNull();

    // Back at the door, a delivery keeps one again; removing the address deletes it.
    await m.book.updateAddress(member, customer.homeId, { lat: DOOR.lat, lng: DOOR.lng });
    const last = await pickedUp(customer);
    await m.delivered.deliveredWithPhoto(last.courier, last.jobId, await photo());
    const lastPhoto = (await entry(customer.homeId)).doorPhoto;
    expect(lastPhoto).not.toBeNull();
    await m.book.removeAddress(member, customer.homeId);
    expect(await m.pictures.readPrivatePicture(lastPhoto!)).toBeNull();
  });
});
