import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { newClient, signUpCustomer } from "../support/api";
import { plantJob } from "../support/couriers";
import { delivered, doorPhotoScene, heldDropoff, leftAtDoor, newCourier } from "./door-photo-scene";

// The building's photo over HTTP (docs/architecture/stops-and-messages.md "The building's photo"):
// a left-at-the-door delivery's photo is kept on the customer's saved address of that place, and
// the next courier holding a job there reads it at GET /api/courier/jobs/{id}/door-photo (sized
// for the card's slot); another courier, the customer of another order, the photo's own customer,
// the restaurant's owner and an anonymous caller do not. The customer's "Remove door photo"
// (PUT /api/addresses/{id} doorPhoto: false) removes it and keeps none of the next delivery. The
// matching rule: lib/shared/delivery/door-photo.test.ts.

test("the building's photo: kept from a delivery, read by the courier holding the next job there only, removed by its customer", async ({ baseURL }) => {
  // A first delivery, left at the door with its photo: the saved address keeps its copy.
  const { owner, customer, home, first, second, secondJob } = await doorPhotoScene(baseURL!);
  const book = (await (await customer.client.get("/api/addresses")).json()).addresses;
  expect(book.find((entry: { id: number }) => entry.id === home)).toMatchObject({ doorPhotoAt: expect.any(String), doorPhotoOff: false });

  // The next order there: its courier sees the photo, at the card's size.
  const url = `/api/courier/jobs/${secondJob}/door-photo`;
  expect(await heldDropoff(second.client, secondJob)).toMatchObject({ doorPhotoUrl: url });
  const read = await second.client.get(url);
  expect(read.status()).toBe(200);
  expect(read.headers()["content-type"]).toBe("image/webp");
  expect(read.headers()["cache-control"]).toBe("private, no-store");
  const size = await sharp(await read.body()).metadata();
  expect(Math.max(size.width!, size.height!)).toBe(720);

  // Nobody else: the courier of the first delivery (another courier now), a courier of another
  // customer's job, the customer of another order, the photo's own customer (not a courier), the
  // restaurant's owner, and an anonymous caller.
  const stranger = await signUpCustomer(baseURL!);
  const strangersCourier = await newCourier(baseURL!);
  const strangerJob = await plantJob(await leftAtDoor(owner, stranger.client), strangersCourier.user.id, "assigned");
  expect((await first.client.get(url)).status()).toBe(404);
  expect((await strangersCourier.client.get(url)).status()).toBe(404);
  // The other customer's drop-off is at the same point, but none of their saved addresses is there: no photo.
  expect(await heldDropoff(strangersCourier.client, strangerJob)).toMatchObject({ doorPhotoUrl: null });
  expect((await strangersCourier.client.get(`/api/courier/jobs/${strangerJob}/door-photo`)).status()).toBe(404);
  expect((await stranger.client.get(url)).status()).toBe(403);
  expect((await customer.client.get(url)).status()).toBe(403);
  expect((await owner.client.get(url)).status()).toBe(403);
  expect((await (await newClient(baseURL!)).get(url)).status()).toBe(401);

  // The customer removes it: gone at once for the courier, and the second delivery's photo is not kept.
  const removed = await customer.client.put(`/api/addresses/${home}`, { doorPhoto: false });
  expect(removed.status()).toBe(200);
  expect((await removed.json()).address).toMatchObject({ doorPhotoAt: null, doorPhotoOff: true });
  expect((await second.client.get(url)).status()).toBe(404);
  expect(await heldDropoff(second.client, secondJob)).toMatchObject({ doorPhotoUrl: null });
  expect((await delivered(second.client, secondJob)).status()).toBe(200);
  const after = (await (await customer.client.get("/api/addresses")).json()).addresses;
  expect(after.find((entry: { id: number }) => entry.id === home)).toMatchObject({ doorPhotoAt: null, doorPhotoOff: true });

  // A bad value is a 400 naming the field, nothing changed.
  const bad = await customer.client.put(`/api/addresses/${home}`, { doorPhoto: "no" });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toHaveProperty("doorPhoto");
});
