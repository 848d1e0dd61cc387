import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signUpCustomer, type Client } from "../support/api";
import { makeOperator, northOf, ownSpot, placeCustomer, placeRestaurant, write } from "../support/couriers";
import { verifyEmailOf } from "../support/mailbox";
import { standardCard } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Courier onboarding over HTTP (docs/architecture/courier-onboarding.md): a car courier without a
// licence cannot go on shift; with the licence and insurance approved in the operators' queue and
// the (offline) background check clear, offers come; an expired insurance stops them. The rules
// themselves: lib/server/onboarding/onboarding.test.ts.

const png = async () => ({
  name: "document.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 800, height: 500, channels: 3, background: "#2b5a8a" } })
    .png()
    .toBuffer(),
});

const upload = async (client: Client, data: Record<string, string>, photo = true) =>
  client.ctx.post("/api/courier/documents", {
    multipart: { data: JSON.stringify(data), ...(photo ? { photo: await png() } : {}) },
    headers: { "XSRF-Token": await client.xsrf() },
  });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A delivery order at `spot` accepted by its restaurant: the job's state and courier as the dispatch left them. */
async function acceptedDelivery(baseURL: string, spot: { lat: number; lng: number }) {
  const owner = await signUpOwner(baseURL);
  await placeRestaurant(owner.restaurant.id, spot);
  const customer = await signUpCustomer(baseURL);
  await placeCustomer(customer.user.id, northOf(spot, 2));
  const created = await (
    await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] })
  ).json();
  expect((await customer.client.put(`/api/orders/${created.id}/submit`, standardCard)).status()).toBe(200);
  const accepted = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${created.id}/stage`, { stage: "accepted", prepMinutes: 10 });
  expect(accepted.status()).toBe(200);
  await Promise.all([owner.client.dispose(), customer.client.dispose()]);
  // The dispatch tick offers the job the accept made (every DISPATCH_TICK_MS, 500 ms on the test servers).
  return async () => {
    const [job] = await write((query) => query(`SELECT "state", "courierId" FROM "DeliveryJob" WHERE "orderId" = ?`, [created.id]));
    return { state: String(job!.state), courierId: job!.courierId === null ? null : Number(job!.courierId) };
  };
}

/** Three ticks of the test servers' dispatch (DISPATCH_TICK_MS 500): an offer that was to come has come. */
const threeTicks = () => new Promise((resolve) => setTimeout(resolve, 1_500));

test("a car courier: no shift without a licence; offers once both documents are approved and the check clear; an expired insurance stops them", async ({ baseURL }) => {
  const spot = ownSpot();
  const nia = await signUpCustomer(baseURL!);
  await makeOperator(nia.user.id);
  const dev = await signUpCustomer(baseURL!, { name: "Dev Rider" });
  await verifyEmailOf(dev.client, dev.email);

  // Applying with a car: the offline check clears at once; the licence is what is missing.
  expect((await dev.client.post("/api/courier/apply", { vehicle: "plane" })).status()).toBe(400);
  expect((await dev.client.post("/api/courier/apply", { vehicle: "car" })).status()).toBe(201);
  const applied = (await (await dev.client.get("/api/courier/onboarding")).json()).onboarding;
  expect(applied).toMatchObject({ vehicle: "car", speedKmh: 22, needsDocuments: true, backgroundCheck: { status: "clear", provider: "offline" }, documents: [] });
  expect(applied.blocked).toBe("Upload your driving licence: a car needs it approved before you go on shift");
  expect((await nia.client.post(`/api/admin/couriers/${dev.user.id}`, { action: "approve", reason: "Interviewed" })).status()).toBe(200);

  // Approved, but without a licence: the shift is refused, naming documents.
  const refused = await dev.client.put("/api/courier/shift", { onShift: true });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).errors).toEqual({ documents: applied.blocked });

  // Bad input names its field and stores nothing.
  const past = await upload(dev.client, { kind: "licence", expiresOn: inDays(-2) });
  expect(past.status()).toBe(400);
  expect(Object.keys((await past.json()).errors)).toEqual(["expiresOn"]);
  const noPhoto = await upload(dev.client, { kind: "licence", expiresOn: inDays(300) }, false);
  expect(noPhoto.status()).toBe(400);
  expect(Object.keys((await noPhoto.json()).errors)).toEqual(["photo"]);

  const ids: number[] = [];
  for (const kind of ["licence", "insurance"]) {
    const made = await upload(dev.client, { kind, expiresOn: inDays(kind === "licence" ? 900 : 30) });
    expect(made.status()).toBe(201);
    const { document } = await made.json();
    expect(document).toMatchObject({ kind, status: "pending" });
    ids.push(document.id);
  }
  expect((await dev.client.put("/api/courier/shift", { onShift: true })).status()).toBe(409);

  // The operators' queue: both waiting, with the private photo for operators only.
  const queue = await (await nia.client.get("/api/admin/courier-documents?limit=100")).json();
  expect(queue.items.filter((d: { courier: { id: number } }) => d.courier.id === dev.user.id).map((d: { id: number }) => d.id)).toEqual(ids);
  const photo = await nia.client.get(`/api/admin/courier-documents/${ids[0]}/photo`);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/webp");
  expect((await dev.client.get(`/api/admin/courier-documents/${ids[0]}/photo`)).status()).toBe(403);
  expect((await dev.client.get("/api/admin/courier-documents")).status()).toBe(403);
  const noReason = await nia.client.post(`/api/admin/courier-documents/${ids[1]}`, { action: "resubmit" });
  expect(noReason.status()).toBe(400);
  expect(Object.keys((await noReason.json()).errors)).toEqual(["reason"]);
  for (const id of ids) expect((await nia.client.post(`/api/admin/courier-documents/${id}`, { action: "approve", reason: "Readable, matches" })).status()).toBe(200);
  expect((await nia.client.post(`/api/admin/courier-documents/${ids[0]}`, { action: "approve" })).status()).toBe(409);

  // Documents approved, check clear: on shift, and the next delivery near them is offered to them.
  expect((await dev.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  expect((await dev.client.post("/api/courier/position", { lat: northOf(spot, 0.3).lat, lng: spot.lng, accuracy: 8 })).status()).toBe(200);
  await expect.poll(await acceptedDelivery(baseURL!, spot)).toEqual({ state: "offered", courierId: dev.user.id });
  await write((query) => query(`UPDATE "DeliveryJob" SET "state" = 'canceled', "courierId" = NULL WHERE "courierId" = ? AND "state" = 'offered'`, [dev.user.id]));

  // The insurance expired (its end of day passed): still on shift, but no offer reaches them.
  await write((query) => query(`UPDATE "CourierDocument" SET "expiresAt" = ? WHERE "id" = ?`, [new Date(Date.now() - 60_000), ids[1]]));
  const stillWaiting = await acceptedDelivery(baseURL!, spot);
  await threeTicks();
  expect(await stillWaiting()).toEqual({ state: "unassigned", courierId: null });
  const after = (await (await dev.client.get("/api/courier/onboarding")).json()).onboarding;
  expect(after.blocked).toMatch(/^Your insurance expired on \d{4}-\d{2}-\d{2}: upload the new one$/);
  expect((await (await dev.client.get("/api/courier")).json()).courier).toMatchObject({ onShift: true, documentsBlocked: after.blocked });
  await Promise.all([nia.client.dispose(), dev.client.dispose()]);
});
