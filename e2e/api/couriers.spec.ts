import { expect, test } from "@playwright/test";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { makeCourier, northOf, ownSpot, placeCustomer, placeRestaurant, type Point } from "../support/couriers";
import { cookieOf, openEventStream } from "../support/events";
import { ledgerSumCents, standardWallet, walletOf } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Couriers over HTTP (docs/architecture/couriers.md): a courier goes on shift and reports where
// they are, the restaurant accepts a delivery order and the job is offered to them at once, they
// accept, collect and deliver it while the customer's order follows, and they are paid once.
// Who may call what: a non-courier gets 403 from /api/courier/*, another courier 404 for a job
// never offered to them, and the owner's delivery buttons 409 while a courier holds the job.

type Job = { id: number; orderId: number; state: string; offerExpiresAt: string | null; pay: number; distanceKm: number | null } & Record<string, unknown>;

async function courierAt(baseURL: string, at: Point) {
  const signed = await signUpCustomer(baseURL);
  await makeCourier(signed.user.id);
  expect((await signed.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  const reported = await signed.client.post("/api/courier/position", { lat: at.lat, lng: at.lng, accuracy: 8 });
  expect(reported.status()).toBe(200);
  expect(await reported.json()).toEqual({ accepted: 1, dropped: 0 });
  return signed;
}

async function placedDelivery(baseURL: string, spot: Point) {
  const owner = await signUpOwner(baseURL);
  await placeRestaurant(owner.restaurant.id, spot);
  const customer = await signUpCustomer(baseURL);
  await placeCustomer(customer.user.id, northOf(spot, 2));
  const created = await (
    await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 2 }] })
  ).json();
  const submitted = await customer.client.put(`/api/orders/${created.id}/submit`, standardWallet);
  expect(submitted.status()).toBe(200);
  return { owner, customer, order: (await submitted.json()) as { id: number } };
}

const stage = (owner: Client, restaurantId: number, orderId: number, body: unknown) => owner.post(`/api/manage/${restaurantId}/orders/${orderId}/stage`, body);
const move = (courier: Client, jobId: number, action: string, body?: unknown) => courier.post(`/api/courier/jobs/${jobId}/${action}`, body);

test.describe("couriers", () => {
  test("the delivery: offered at once, accepted, collected and delivered; the order follows and the courier is paid once", async ({ baseURL }) => {
    const spot = ownSpot();
    const courier = await courierAt(baseURL!, northOf(spot, 0.5));
    const summary = await (await courier.client.get("/api/courier")).json();
    expect(summary).toMatchObject({
      courier: { id: courier.user.id, onShift: true, activeJobs: 0, position: { lat: northOf(spot, 0.5).lat } },
      today: { deliveries: 0, earnings: 0 },
    });

    const { owner, customer, order } = await placedDelivery(baseURL!, spot);
    const events = await openEventStream(`${baseURL}/api/courier/events`, { cookie: await cookieOf(courier.client) });
    expect(events.status).toBe(200);
    const accepted = await stage(owner.client, owner.restaurant.id, order.id, { stage: "accepted", prepMinutes: 10 });
    expect(accepted.status()).toBe(200);
    expect(await accepted.json()).toMatchObject({ courier: null, delivery: { state: "offered", gaveUp: false, restaurant: spot } });

    // The offer arrives on the courier's stream and in their jobs.
    const offered = await events.waitFor((message) => message.data.stage === "job_offered", "job_offered");
    const { jobs } = (await (await courier.client.get("/api/courier/jobs")).json()) as { jobs: Job[] };
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    expect(offered.data).toMatchObject({ orderId: order.id, restaurantId: null, detail: { jobId: job.id, offerExpiresAt: job.offerExpiresAt } });
    expect(job).toMatchObject({
      orderId: order.id,
      state: "offered",
      distanceKm: 0.5,
      dropoff: { address: "12 Birch Lane, Fairbanks, AK 99701", customerFirstName: "Test" },
    });
    events.close();

    // Someone else: another courier never offered it (404), a customer (403), nobody signed in (401).
    const other = await courierAt(baseURL!, northOf(spot, 15));
    expect((await move(other.client, job.id, "accept")).status()).toBe(404);
    expect((await move(customer.client, job.id, "accept")).status()).toBe(403);
    expect((await (await newClient(baseURL!)).post(`/api/courier/jobs/${job.id}/accept`)).status()).toBe(401);

    const taken = await move(courier.client, job.id, "accept");
    expect(taken.status()).toBe(200);
    expect((await taken.json()).job).toMatchObject({ id: job.id, state: "assigned", offerExpiresAt: null });
    expect((await move(courier.client, job.id, "accept")).status()).toBe(409);

    // The owner's delivery buttons are the courier's now.
    expect((await stage(owner.client, owner.restaurant.id, order.id, { stage: "ready" })).status()).toBe(200);
    const out = await stage(owner.client, owner.restaurant.id, order.id, { stage: "out_for_delivery" });
    expect(out.status()).toBe(409);
    expect((await out.json()).message).toBe("A courier is delivering this order: they mark it picked up and delivered");
    // Off shift while holding a job: 409.
    expect((await courier.client.put("/api/courier/shift", { onShift: false })).status()).toBe(409);

    expect((await move(courier.client, job.id, "arrived")).status()).toBe(200);
    const picked = await move(courier.client, job.id, "picked-up");
    expect(picked.status()).toBe(200);
    expect((await picked.json()).job).toMatchObject({ state: "picked_up", distanceKm: 1.5 });

    // The customer watches: their stream gets the rounded position, their order the courier.
    const watching = await openEventStream(`${baseURL}/api/orders/${order.id}/events`, { cookie: await cookieOf(customer.client) });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // 30 m on from the last report: a bike's pace.
    const here = northOf(spot, 0.53);
    expect(await (await courier.client.post("/api/courier/position", here)).json()).toEqual({ accepted: 1, dropped: 0 });
    const position = await watching.waitFor((message) => message.data.stage === "courier_position", "courier_position");
    watching.close();
    expect(position.data.detail).toEqual({ lat: Math.round(here.lat * 10_000) / 10_000, lng: Math.round(here.lng * 10_000) / 10_000 });
    const followed = await (await customer.client.get(`/api/orders/${order.id}`)).json();
    expect(followed).toMatchObject({ stage: "out_for_delivery", courier: { id: courier.user.id, firstName: "Test" }, delivery: { state: "picked_up", distanceKm: 1.5 } });
    expect(followed.delivery.etaFrom).toEqual(expect.any(String));
    expect(followed.timeline.map((step: { stage: string }) => step.stage)).toEqual(["placed", "accepted", "ready", "out_for_delivery"]);

    const before = await walletOf(courier.client);
    const delivered = await move(courier.client, job.id, "delivered");
    expect(delivered.status()).toBe(200);
    expect((await move(courier.client, job.id, "delivered")).status()).toBe(409);
    const pay = (await delivered.json()).job.pay as number;
    expect(pay).toBeGreaterThan(0);
    // The pay goes to the courier's earnings (docs/architecture/ledger.md), once; the wallet is untouched.
    expect(await walletOf(courier.client)).toBe(before);
    expect(await ledgerSumCents(courier.client, courier.user.id)).toBe(Math.round((await walletOf(courier.client)) * 100));
    expect((await (await courier.client.get("/api/courier/earnings")).json()).available).toBe(pay);
    expect((await (await customer.client.get(`/api/orders/${order.id}`)).json()).stage).toBe("delivered");
    expect((await (await courier.client.get("/api/courier")).json()).today).toEqual({ deliveries: 1, earnings: pay });
  });

  test("the owner sees the couriers near the restaurant and assigns one by hand", async ({ baseURL }) => {
    const spot = ownSpot();
    const { owner, order } = await placedDelivery(baseURL!, spot);
    // Nobody near yet: the job waits.
    expect((await stage(owner.client, owner.restaurant.id, order.id, { stage: "accepted", prepMinutes: 10 })).status()).toBe(200);
    const courier = await courierAt(baseURL!, northOf(spot, 3));
    const listed = await owner.client.get(`/api/manage/${owner.restaurant.id}/couriers`);
    expect(listed.status()).toBe(200);
    // The tick may have offered it already; before that the courier is listed.
    const couriers = (await listed.json()).couriers as { id: number; distanceKm: number }[];
    expect(couriers.every((c) => c.id === courier.user.id && c.distanceKm === 3)).toBe(true);
    const assigned = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/assign`, { courierId: courier.user.id });
    expect(assigned.status()).toBe(200);
    expect((await assigned.json()).order).toMatchObject({ id: order.id, courier: { id: courier.user.id }, delivery: { state: "assigned" } });
    const { jobs } = await (await courier.client.get("/api/courier/jobs")).json();
    expect(jobs).toEqual([expect.objectContaining({ orderId: order.id, state: "assigned" })]);
    // A stranger's restaurant is a 404; a bad body names the field.
    const stranger = await signUpOwner(baseURL!);
    expect((await stranger.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/assign`, { courierId: courier.user.id })).status()).toBe(404);
    const bad = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/assign`, { courierId: "x" });
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(["courierId"]);
  });

  test("positions: off shift 409, faster than once a second 429, more than 50 points 400; non-couriers 403", async ({ baseURL }) => {
    const signed = await signUpCustomer(baseURL!);
    expect((await signed.client.get("/api/courier")).status()).toBe(403);
    expect((await signed.client.post("/api/courier/position", { lat: 60, lng: -150 })).status()).toBe(403);
    await makeCourier(signed.user.id);
    const off = await signed.client.post("/api/courier/position", { lat: 60, lng: -150 });
    expect(off.status()).toBe(409);
    expect((await signed.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
    expect((await signed.client.post("/api/courier/position", { lat: 60, lng: -150 })).status()).toBe(200);
    const fast = await signed.client.post("/api/courier/position", { lat: 60, lng: -150 });
    expect(fast.status()).toBe(429);
    expect(fast.headers()["retry-after"]).toBe("1");
    const many = await signed.client.post("/api/courier/position", { points: Array.from({ length: 51 }, () => ({ lat: 60, lng: -150 })) });
    expect(many.status()).toBe(400);
    expect(Object.keys((await many.json()).errors)).toEqual(["points"]);
    const wrong = await signed.client.post("/api/courier/position", { lat: 91, lng: -150 });
    expect(wrong.status()).toBe(400);
    expect(Object.keys((await wrong.json()).errors)).toEqual(["lat"]);
    expect((await signed.client.put("/api/courier/shift", { onShift: "yes" })).status()).toBe(400);
  });
});
