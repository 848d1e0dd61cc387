import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { makeCourier, northOf, ownSpot, placeCustomer, placeRestaurant, plantJob } from "../support/couriers";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Drop-off proof over HTTP (docs/architecture/stops-and-messages.md "Drop-off"): the
// courier's POST /api/courier/jobs/{id}/delivered takes the photo as multipart/form-data; a
// "Leave it at my door" order is refused without it (409 naming `photo`), every refusal before the
// step changes nothing, and the photo is read at GET /api/orders/{id}/dropoff-photo by the customer
// and the courier only (the rules and the retention: lib/server/courier-steps/dropoff.test.ts).

const PHOTO_NEEDED = "Take a photo of the order at the door to mark it delivered";
const jpeg = async () => ({
  name: "door.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a2b" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Secret Camera Owner" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "64/1 50/1 0/1" } })
    .toBuffer(),
});
type Photo = { name: string; mimeType: string; buffer: Buffer };

const delivered = async (client: Client, jobId: number, photo?: Photo) =>
  photo
    ? client.ctx.post(`/api/courier/jobs/${jobId}/delivered`, { multipart: { data: "{}", photo }, headers: { "XSRF-Token": await client.xsrf() } })
    : client.post(`/api/courier/jobs/${jobId}/delivered`, {});

test("a left-at-the-door delivery: refused without its photo, delivered with it, the photo for the customer and the courier only", async ({ baseURL }) => {
  const spot = ownSpot();
  const owner = await signUpOwner(baseURL!);
  await placeRestaurant(owner.restaurant.id, spot);
  const customer = await signUpCustomer(baseURL!);
  await placeCustomer(customer.user.id, northOf(spot, 2));
  const created = await (
    await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] })
  ).json();
  const submitted = await customer.client.put(`/api/orders/${created.id}/submit`, { ...standardWallet, dropoff: "leave_at_door" });
  expect(submitted.status(), await submitted.text()).toBe(200);
  expect(await submitted.json()).toMatchObject({ dropoff: "leave_at_door", dropoffPhotoUrl: null });
  const orderId = created.id as number;
  const courier = await signUpCustomer(baseURL!);
  await makeCourier(courier.user.id);
  const jobId = await plantJob(orderId, courier.user.id, "picked_up");
  const photo = await jpeg();

  // 401 signed out; 403 not a courier; 404 a courier whose job it is not (before the upload is read).
  expect((await delivered(await newClient(baseURL!), jobId)).status()).toBe(401);
  expect((await delivered(customer.client, jobId, photo)).status()).toBe(403);
  const other = await signUpCustomer(baseURL!);
  await makeCourier(other.user.id);
  expect((await delivered(other.client, jobId, photo)).status()).toBe(404);

  // 409 without the photo, the field named; 400 not an image; 413 past 5 MB. Still picked up.
  const missing = await delivered(courier.client, jobId);
  expect(missing.status()).toBe(409);
  expect(await missing.json()).toMatchObject({ message: PHOTO_NEEDED, errors: { photo: PHOTO_NEEDED } });
  const notImage = await delivered(courier.client, jobId, { name: "door.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not really a photo") });
  expect(notImage.status()).toBe(400);
  expect((await notImage.json()).errors).toHaveProperty("photo");
  const huge = await delivered(courier.client, jobId, { name: "door.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).errors).toHaveProperty("photo");
  const jobs = (await (await courier.client.get("/api/courier/jobs")).json()).jobs;
  expect(jobs).toEqual([expect.objectContaining({ id: jobId, state: "picked_up", dropoff: expect.objectContaining({ leaveAtDoor: true }) })]);
  expect((await customer.client.get(`/api/orders/${orderId}/dropoff-photo`)).status()).toBe(404);

  // With the photo: delivered; the customer's order points at it.
  const done = await delivered(courier.client, jobId, photo);
  expect(done.status(), await done.text()).toBe(200);
  expect((await done.json()).job).toMatchObject({ state: "delivered" });
  const order = await (await customer.client.get(`/api/orders/${orderId}`)).json();
  expect(order).toMatchObject({ status: "Completed", dropoff: "leave_at_door", dropoffPhotoUrl: `/api/orders/${orderId}/dropoff-photo` });

  // The customer and the courier read it (re-encoded, no EXIF, private); the restaurant's owner, another courier and strangers do not.
  for (const reader of [customer.client, courier.client]) {
    const read = await reader.get(order.dropoffPhotoUrl);
    expect(read.status()).toBe(200);
    expect(read.headers()["content-type"]).toBe("image/webp");
    expect(read.headers()["cache-control"]).toBe("private, no-store");
    const meta = await sharp(await read.body()).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1280, height: 960 });
    expect(meta.exif).toBeUndefined();
  }
  for (const reader of [owner.client, other.client]) expect((await reader.get(order.dropoffPhotoUrl)).status()).toBe(404);
  expect((await (await newClient(baseURL!)).get(order.dropoffPhotoUrl)).status()).toBe(401);
});
