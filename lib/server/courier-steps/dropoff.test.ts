import { describe, expect, it } from "vitest";
import sharp from "sharp";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import Database from "better-sqlite3";
import { installAppDb, restaurantInput, setUpTestDatabase, testingOnPostgres } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { englishIssue } from "@/lib/contract/testing/in-english";

// Drop-off choice and proof (docs/architecture/stops-and-messages.md "Drop-off"), against a
// real migrated database: a "Leave it at my door" order is delivered only with the courier's photo,
// stored through the uploads' one path (re-encoded: no GPS or other metadata, sized), read by the
// customer, the courier and operators only, and deleted when the problem-report window closes.

const test = setUpTestDatabase();
// The app's client records Prisma's SQL: the hourly purge's read is explained below.
const statements: string[] = [];
installAppDb((await import("../platform/create-db")).createDb(test.url, { onQuery: (sql) => statements.push(sql) }), test.url);

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("../dispatch/testing/offer-now"),
  read: await import("../orders/read"),
  jobAccept: await import("./accept"),
  arrived: await import("./arrived"),
  pickedUp: await import("./picked-up"),
  delivered: await import("./delivered"),
  jobs: await import("../dispatch/read"),
  photo: await import("./dropoff-photo"),
  pictures: await import("../platform/pictures"),
  store: await import("../platform/picture-store"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
const DOOR = { lat: HERE.lat + 2 / 111.32, lng: HERE.lng };
const HOUR_MS = 3600 * 1000;

/** A phone's JPEG, 3000 x 2000, with its camera and its GPS position in the EXIF. */
const phonePhoto = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#8a5a2b" } })
          .jpeg()
          .withExif({ IFD0: { Make: "PhoneCo", Copyright: "Secret Camera Owner" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 45/1 3594/100" } })
          .toBuffer(),
      ),
    ],
    "door.jpg",
    { type: "image/jpeg" },
  );

async function user(data: Partial<User> = {}): Promise<User> {
  return m.db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...DOOR, ...data } });
}

/** A courier's delivery of a placed order (`dropoff` chosen at checkout), picked up and at the door. */
async function pickedUpOrder(dropoff?: "hand_to_me" | "leave_at_door") {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const customer = await user();
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: customer.id, amountCents: 20_000, kind: "topup" }));
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const courierUser = await m.db.user.create({ data: { firstName: "Dev", courier: true } });
  await m.db.courierState.create({ data: { userId: courierUser.id, onShift: true, ...HERE, positionAt: new Date() } });
  const courier = { id: courierUser.id, firstName: "Dev" };
  const input = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet", ...(dropoff ? { dropoff } : {}) });
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, input, paymentFor(input)));
  await m.accept.acceptOrder(owner, restaurant.id, placed.id, 15);
  await m.offerNow.offerNow(placed.id);
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
  expect(job.courierId).toBe(courier.id);
  await m.jobAccept.acceptJob(courier, job.id);
  await m.arrived.arrivedAtPickup(courier, job.id);
  await m.pickedUp.pickedUp(courier, job.id, new Date(), { handedOver: true });
  await m.db.courierState.update({ where: { userId: courier.id }, data: { ...DOOR, positionAt: new Date() } });
  return { customer, owner, courier, orderId: placed.id, jobId: job.id };
}

describe("drop-off choice at checkout", () => {
  it("is hand it to me unless the customer chose to have it left at the door; a pickup is handed over", async () => {
    const handed = await pickedUpOrder();
    const left = await pickedUpOrder("leave_at_door");
    expect((await m.db.order.findUniqueOrThrow({ where: { id: handed.orderId } })).dropoff).toBe("hand_to_me");
    expect((await m.db.order.findUniqueOrThrow({ where: { id: left.orderId } })).dropoff).toBe("leave_at_door");
    // The courier's job says so once held.
    const [held] = await m.jobs.courierJobs(left.courier.id);
    expect(held!.dropoff).toMatchObject({ leaveAtDoor: true });
    expect(
      submitOrderSchema.safeParse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card", dropoff: "porch" }).error?.issues.map(englishIssue)[0],
    ).toMatchObject({
      path: ["dropoff"],
      message: "dropoff must be hand_to_me or leave_at_door",
    });
  });
});

describe("the courier's photo at the door", () => {
  it("refuses to mark a left-at-the-door order delivered without a photo (409 naming photo); with one, it is stored without GPS, sized", async () => {
    const { courier, jobId, orderId, customer } = await pickedUpOrder("leave_at_door");
    await expect(m.delivered.deliveredJob(courier, jobId)).rejects.toMatchObject({
      status: 409,
      message: "Take a photo of the order at the door to mark it delivered",
      errors: { photo: "Take a photo of the order at the door to mark it delivered" },
    });
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ state: "picked_up" });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ stage: "out_for_delivery", dropoffPhoto: null });

    const file = await phonePhoto();
    // The upload carries the camera's GPS position...
    expect((await sharp(new Uint8Array(await file.arrayBuffer())).metadata()).exif).toBeDefined();
    const stored = await m.photo.storeDropoffPhoto(orderId, file);
    expect(await m.delivered.deliveredJob(courier, jobId, new Date(), false, stored)).toMatchObject({ state: "delivered" });
    const order = await m.db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ stage: "delivered", dropoffPhoto: stored });

    // ...the stored photo none: re-encoded as WebP, no EXIF, at most 1280 px on its long edge.
    const bytes = await m.photo.readDropoffPhoto(customer, orderId);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1280, height: 853 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Secret Camera Owner"))).toBe(false);
    // Never served by the public /uploads route.
    expect(await m.pictures.readPicture(stored)).toBeNull();

    // The customer's order and the delivered notification show it.
    const json = (await m.read.findReadableOrder(customer, orderId))!.json;
    expect(json).toMatchObject({ dropoff: "leave_at_door", dropoffPhotoUrl: `/api/orders/${orderId}/dropoff-photo` });
    const notification = await m.db.notification.findFirstOrThrow({ where: { userId: customer.id, kind: "order_delivered" } });
    expect(JSON.parse(notification.payload)).toMatchObject({ orderId, dropoffPhoto: true });
  });

  it("needs no photo to hand an order over", async () => {
    const { courier, jobId, orderId, customer } = await pickedUpOrder();
    expect(await m.delivered.deliveredJob(courier, jobId)).toMatchObject({ state: "delivered" });
    const json = (await m.read.findReadableOrder(customer, orderId))!.json;
    expect(json).toMatchObject({ dropoff: "hand_to_me", dropoffPhotoUrl: null });
    const notification = await m.db.notification.findFirstOrThrow({ where: { userId: customer.id, kind: "order_delivered" } });
    expect(JSON.parse(notification.payload).dropoffPhoto).toBeUndefined();
  });

  it("is read by the customer, the courier who delivered it and operators; anyone else (the restaurant's owner too) gets a 404", async () => {
    const { courier, jobId, orderId, customer, owner } = await pickedUpOrder("leave_at_door");
    await m.delivered.deliveredJob(courier, jobId, new Date(), false, await m.photo.storeDropoffPhoto(orderId, await phonePhoto()));
    const operator = await user({ operator: true });
    const stranger = await user();
    const otherCourier = await user({ courier: true });
    for (const reader of [customer, { id: courier.id, operator: false }, operator]) expect((await m.photo.readDropoffPhoto(reader, orderId)).length).toBeGreaterThan(0);
    for (const reader of [stranger, otherCourier, owner]) await expect(m.photo.readDropoffPhoto(reader, orderId)).rejects.toMatchObject({ status: 404 });
    // Another courier cannot even reach the delivered step of the job (checked before the upload is read).
    await expect(m.photo.assertCouriersJob(otherCourier, jobId)).rejects.toMatchObject({ status: 404 });
  });
});

describe("retention", () => {
  it("deletes the photo, row and file, once the 48-hour problem-report window has closed", async () => {
    const { courier, jobId, orderId, customer } = await pickedUpOrder("leave_at_door");
    const stored = await m.photo.storeDropoffPhoto(orderId, await phonePhoto());
    const deliveredAt = new Date();
    await m.delivered.deliveredJob(courier, jobId, deliveredAt, false, stored);

    // Still inside the window: kept.
    expect(await m.photo.purgeDropoffPhotos(new Date(deliveredAt.getTime() + 47 * HOUR_MS))).toBe(0);
    expect(await m.store.pictureStore().get(stored)).not.toBeNull();
    // Served up to the window's last moment, and not a moment later, though the purge has not run yet (the file is still there).
    expect((await m.photo.readDropoffPhoto(customer, orderId, new Date(deliveredAt.getTime() + 48 * HOUR_MS))).length).toBeGreaterThan(0);
    await expect(m.photo.readDropoffPhoto(customer, orderId, new Date(deliveredAt.getTime() + 48 * HOUR_MS + 1))).rejects.toMatchObject({ status: 404 });
    expect(await m.store.pictureStore().get(stored)).not.toBeNull();

    // Past it: gone, and the order says so.
    statements.length = 0;
    expect(await m.photo.purgeDropoffPhotos(new Date(deliveredAt.getTime() + 49 * HOUR_MS))).toBeGreaterThanOrEqual(1);
    // The purge finds the orders with a photo through their partial index, not by reading every order
    // ever delivered (in the dinner rush's city 30-240 ms of a blocked event loop, hourly: docs/log/2026-11-28.md).
    if (!testingOnPostgres) {
      const read = statements.find((sql) => /`dropoffPhoto` IS NOT NULL/.test(sql) && /^SELECT/.test(sql))!;
      const explainer = new Database(test.url.replace(/^file:/, ""), { readonly: true });
      const plan = (explainer.prepare(`EXPLAIN QUERY PLAN ${read}`).all(...Array.from(read.match(/\?/g)!, () => null)) as { detail: string }[]).map((row) => row.detail);
      explainer.close();
      expect(plan.join("\n")).toMatch(/SEARCH main\.Order USING INDEX Order_closedAt_dropoffPhoto_idx \(closedAt<\?\)/);
    }
    expect(await m.store.pictureStore().get(stored)).toBeNull();
    expect(await m.db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ dropoffPhoto: null, dropoff: "leave_at_door" });
    await expect(m.photo.readDropoffPhoto(customer, orderId)).rejects.toMatchObject({ status: 404 });
    expect((await m.read.findReadableOrder(customer, orderId))!.json.dropoffPhotoUrl).toBeNull();
  });
});
