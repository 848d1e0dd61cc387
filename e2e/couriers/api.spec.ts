import { expect, test } from "@playwright/test";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { makeCourier, makeOperator, northOf, ownSpot, placeCustomer, placeRestaurant, plantJob, rideTo, type Point } from "../support/couriers";
import { cookieOf, openEventStream } from "../support/events";
import { ledgerSumCents, standardCard, walletOf } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Couriers over HTTP (docs/architecture/couriers.md): a courier goes on shift and reports where
// they are, the restaurant accepts a delivery order and the dispatch tick offers them the job, they
// accept, collect and deliver it while the customer's order follows, and they are paid once.
// Who may call what: a non-courier gets 403 from /api/courier/*, another courier 404 for a job
// never offered to them, and the owner's delivery buttons 409 while a courier holds the job.
// Steps at a stop need a recent position near it (else 409, or confirmed and flagged:
// the pay waits for an operator); an offer shows the drop-off's area only; the owner's courier
// list is for an order waiting, in distance bands, rate-limited; a failure's free text is the operators'.

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
  // By card: a wallet order is paid with promotional credit, whose pay is never paid out.
  const submitted = await customer.client.put(`/api/orders/${created.id}/submit`, standardCard);
  expect(submitted.status()).toBe(200);
  return { owner, customer, order: (await submitted.json()) as { id: number } };
}

const stage = (owner: Client, restaurantId: number, orderId: number, body: unknown) => owner.post(`/api/manage/${restaurantId}/orders/${orderId}/stage`, body);
const move = (courier: Client, jobId: number, action: string, body?: unknown) => courier.post(`/api/courier/jobs/${jobId}/${action}`, body);

test.describe("couriers", () => {
  test("the delivery: offered at the next tick, accepted, collected and delivered; the order follows and the courier is paid once", async ({ baseURL }) => {
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
    // The job is made waiting; the dispatch tick (the job process) offers it.
    expect(await accepted.json()).toMatchObject({ courier: null, delivery: { state: "unassigned", gaveUp: false, restaurant: spot } });

    // The offer arrives on the courier's stream and in their jobs: of the drop-off, its area and the trip only.
    const offered = await events.waitFor((message) => message.data.stage === "job_offered", "job_offered");
    const { jobs } = (await (await courier.client.get("/api/courier/jobs")).json()) as { jobs: Job[] };
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    expect(offered.data).toMatchObject({ orderId: order.id, restaurantId: null, detail: { jobId: job.id, offerExpiresAt: job.offerExpiresAt } });
    expect(job).toMatchObject({ orderId: order.id, state: "offered", distanceKm: 0.5, flagged: false });
    expect(job.dropoff).toEqual({ area: "Fairbanks, AK 99701", tripKm: 2 });
    expect(JSON.stringify(job)).not.toContain("Birch Lane");
    events.close();

    // Someone else: another courier never offered it (404), a customer (403), nobody signed in (401).
    const other = await courierAt(baseURL!, northOf(spot, 15));
    expect((await move(other.client, job.id, "accept")).status()).toBe(404);
    expect((await move(customer.client, job.id, "accept")).status()).toBe(403);
    expect((await (await newClient(baseURL!)).post(`/api/courier/jobs/${job.id}/accept`)).status()).toBe(401);

    const taken = await move(courier.client, job.id, "accept");
    expect(taken.status()).toBe(200);
    // Accepted: the whole drop-off.
    expect((await taken.json()).job).toMatchObject({
      id: job.id,
      state: "assigned",
      offerExpiresAt: null,
      dropoff: { address: "12 Birch Lane, Fairbanks, AK 99701", customerFirstName: "Test", instructions: null },
    });
    expect((await move(courier.client, job.id, "accept")).status()).toBe(409);

    // The owner's delivery buttons are the courier's now.
    expect((await stage(owner.client, owner.restaurant.id, order.id, { stage: "ready" })).status()).toBe(200);
    const out = await stage(owner.client, owner.restaurant.id, order.id, { stage: "out_for_delivery" });
    expect(out.status()).toBe(409);
    expect((await out.json()).message).toBe("A courier is delivering this order: they mark it picked up and delivered");
    // Off shift while holding a job: 409.
    expect((await courier.client.put("/api/courier/shift", { onShift: false })).status()).toBe(409);

    // 500 m from the restaurant: "arrived" is refused, and says why.
    const early = await move(courier.client, job.id, "arrived");
    expect(early.status()).toBe(409);
    expect(await early.json()).toEqual({
      message: "You are 500 m from the restaurant: mark it arrived when you are there",
      errors: { position: "You are 500 m from the restaurant: mark it arrived when you are there" },
    });
    await rideTo(courier.user.id, spot);
    expect((await move(courier.client, job.id, "arrived")).status()).toBe(200);
    const picked = await move(courier.client, job.id, "picked-up");
    expect(picked.status()).toBe(200);
    expect((await picked.json()).job).toMatchObject({ state: "picked_up", distanceKm: 2, flagged: false });

    // The customer watches: their stream gets the rounded position, their order the courier.
    const watching = await openEventStream(`${baseURL}/api/orders/${order.id}/events`, { cookie: await cookieOf(customer.client) });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // 30 m on from the restaurant: a bike's pace.
    const here = northOf(spot, 0.03);
    expect(await (await courier.client.post("/api/courier/position", here)).json()).toEqual({ accepted: 1, dropped: 0 });
    const position = await watching.waitFor((message) => message.data.stage === "courier_position", "courier_position");
    watching.close();
    // With the instant the position was taken (the arrival window's fact: lib/shared/delivery/arrival.ts).
    expect(position.data.detail).toEqual({ lat: Math.round(here.lat * 10_000) / 10_000, lng: Math.round(here.lng * 10_000) / 10_000, positionAt: expect.any(String) });
    const followed = await (await customer.client.get(`/api/orders/${order.id}`)).json();
    expect(followed).toMatchObject({ stage: "out_for_delivery", courier: { id: courier.user.id, firstName: "Test" }, delivery: { state: "picked_up", distanceKm: 2 } });
    expect(followed.delivery.etaFrom).toEqual(expect.any(String));
    expect(followed.timeline.map((step: { stage: string }) => step.stage)).toEqual(["placed", "accepted", "ready", "out_for_delivery"]);

    // "Delivered" 2 km from the drop-off: refused; confirmed anyway, the order is delivered for the
    // customer but the delivery is flagged and the courier is not paid until an operator decides.
    const before = await walletOf(courier.client);
    const far = await move(courier.client, job.id, "delivered");
    expect(far.status()).toBe(409);
    expect((await far.json()).errors).toEqual({ position: "You are 2 km from the drop-off: mark it delivered when you are there" });
    expect((await move(courier.client, job.id, "delivered", { confirm: "yes" })).status()).toBe(400);
    const delivered = await move(courier.client, job.id, "delivered", { confirm: true });
    expect(delivered.status()).toBe(200);
    expect((await delivered.json()).job).toMatchObject({ state: "delivered", flagged: true });
    expect((await move(courier.client, job.id, "delivered", { confirm: true })).status()).toBe(409);
    const pay = job.pay;
    expect(pay).toBeGreaterThan(0);
    expect((await (await customer.client.get(`/api/orders/${order.id}`)).json()).stage).toBe("delivered");
    // The courier's earnings say why the pay is held (the flag's own words), until an operator decides.
    expect(await (await courier.client.get("/api/courier/earnings")).json()).toMatchObject({
      available: 0,
      pending: pay,
      flagged: [{ orderId: order.id, amount: pay, status: "held", reason: expect.stringMatching(/^delivered 19\d\d m from the drop-off/) }],
    });
    expect((await (await courier.client.get("/api/courier")).json()).today).toEqual({ deliveries: 1, earnings: 0 });

    // The operator sees why, and approves: the pay goes to the courier's earnings (docs/architecture/ledger.md), once; the wallet is untouched.
    const nia = await signUpCustomer(baseURL!);
    await makeOperator(nia.user.id);
    const { items } = await (await nia.client.get("/api/admin/deliveries?limit=100")).json();
    expect(items).toContainEqual(
      expect.objectContaining({ id: job.id, orderId: order.id, payDecision: null, courier: { id: courier.user.id, name: expect.any(String) }, pay }),
    );
    const flagged = (items as { id: number; flagReason: string }[]).find((item) => item.id === job.id)!;
    expect(flagged.flagReason).toMatch(/^delivered 19\d\d m from the drop-off \(position accuracy 0 m\)$/);
    expect((await courier.client.post(`/api/admin/deliveries/${job.id}`, { action: "approve", reason: "Mine" })).status()).toBe(403);
    expect((await nia.client.post(`/api/admin/deliveries/${job.id}`, { action: "approve" })).status()).toBe(400);
    const approved = await nia.client.post(`/api/admin/deliveries/${job.id}`, { action: "approve", reason: "The customer confirmed the delivery" });
    expect(approved.status()).toBe(200);
    expect(await approved.json()).toEqual({ delivery: { id: job.id, payDecision: "approved", amount: pay } });
    expect((await nia.client.post(`/api/admin/deliveries/${job.id}`, { action: "refuse", reason: "Twice" })).status()).toBe(409);
    const audit = await (await nia.client.get(`/api/admin/audit?targetType=delivery&targetId=${job.id}`)).json();
    expect(audit.items).toEqual([expect.objectContaining({ action: "delivery.approve", reason: "The customer confirmed the delivery" })]);
    expect(await walletOf(courier.client)).toBe(before);
    expect(await ledgerSumCents(courier.client, courier.user.id)).toBe(Math.round((await walletOf(courier.client)) * 100));
    // Credited, and pending until the order's report window closes (EARNINGS_HOLD_SECONDS).
    const earnings = await (await courier.client.get("/api/courier/earnings")).json();
    expect(earnings).toMatchObject({ available: 0, pending: pay, flagged: [] });
    expect((await (await courier.client.get("/api/courier")).json()).today).toEqual({ deliveries: 1, earnings: pay });
  });

  test("the owner sees the couriers for an order waiting, in bands, and assigns one by hand; delivered at the door is paid at once", async ({ baseURL }) => {
    const spot = ownSpot();
    const { owner, order } = await placedDelivery(baseURL!, spot);
    const list = (query = `?orderId=${order.id}`) => owner.client.get(`/api/manage/${owner.restaurant.id}/couriers${query}`);
    // Not accepted yet: no order waits for a courier, so no list.
    const early = await list();
    expect(early.status()).toBe(409);
    expect((await early.json()).message).toBe("This order is not waiting for a courier");
    // Nobody near yet: the job waits.
    expect((await stage(owner.client, owner.restaurant.id, order.id, { stage: "accepted", prepMinutes: 10 })).status()).toBe(200);
    const courier = await courierAt(baseURL!, northOf(spot, 3));
    const listed = await list();
    expect(listed.status()).toBe(200);
    // The tick may have offered it already; before that the courier is listed, 3 km away as a band, never a figure.
    const couriers = (await listed.json()).couriers as Record<string, unknown>[];
    expect(couriers.every((c) => c.id === courier.user.id && c.distance === "1-3 km" && !("distanceKm" in c))).toBe(true);
    const missing = await list("");
    expect(missing.status()).toBe(400);
    expect(Object.keys((await missing.json()).errors)).toEqual(["orderId"]);
    const assigned = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/assign`, { courierId: courier.user.id });
    expect(assigned.status()).toBe(200);
    expect((await assigned.json()).order).toMatchObject({ id: order.id, courier: { id: courier.user.id }, delivery: { state: "assigned" } });
    const { jobs } = await (await courier.client.get("/api/courier/jobs")).json();
    expect(jobs).toEqual([expect.objectContaining({ orderId: order.id, state: "assigned" })]);
    // Assigned: the order no longer waits, so the list is closed to it.
    expect((await list()).status()).toBe(409);
    // A stranger's restaurant is a 404; a bad body names the field.
    const stranger = await signUpOwner(baseURL!);
    expect((await stranger.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/assign`, { courierId: courier.user.id })).status()).toBe(404);
    expect((await stranger.client.get(`/api/manage/${owner.restaurant.id}/couriers?orderId=${order.id}`)).status()).toBe(404);
    const bad = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/assign`, { courierId: "x" });
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(["courierId"]);

    // At each stop: paid at once, with no flag.
    const job = jobs[0] as Job;
    await rideTo(courier.user.id, spot);
    expect((await move(courier.client, job.id, "arrived")).status()).toBe(200);
    expect((await stage(owner.client, owner.restaurant.id, order.id, { stage: "ready" })).status()).toBe(200);
    expect((await move(courier.client, job.id, "picked-up")).status()).toBe(200);
    await rideTo(courier.user.id, northOf(spot, 2.1));
    const delivered = await move(courier.client, job.id, "delivered");
    expect(delivered.status()).toBe(200);
    expect((await delivered.json()).job).toMatchObject({ state: "delivered", flagged: false });
    // Paid: credited to the earnings, pending until the order's report window closes.
    expect(await (await courier.client.get("/api/courier/earnings")).json()).toMatchObject({ available: 0, pending: job.pay });
  });

  test("picked up before the kitchen marked it ready: 409 naming handedOver with the ready time, then confirmed; the board and the customer see it left early", async ({
    baseURL,
  }) => {
    const spot = ownSpot();
    const { owner, customer, order } = await placedDelivery(baseURL!, spot);
    const courier = await courierAt(baseURL!, northOf(spot, 0.1));
    const accepted = await stage(owner.client, owner.restaurant.id, order.id, { stage: "accepted", prepMinutes: 30 });
    expect(accepted.status()).toBe(200);
    const readyAt = ((await accepted.json()) as { estimatedReadyAt: string }).estimatedReadyAt;
    const jobsNow = async () => ((await (await courier.client.get("/api/courier/jobs")).json()) as { jobs: Job[] }).jobs;
    // Offered at the next dispatch tick.
    await expect.poll(async () => (await jobsNow()).some((j) => j.orderId === order.id)).toBe(true);
    const job = (await jobsNow()).find((j) => j.orderId === order.id)!;
    expect((await move(courier.client, job.id, "accept")).status()).toBe(200);
    const arrived = await move(courier.client, job.id, "arrived");
    expect(arrived.status()).toBe(200);
    // The courier sees the kitchen's ready time (printed in the restaurant's zone, Los Angeles by default).
    expect((await arrived.json()).job.kitchen).toEqual({ ready: false, readyAt, timeZone: "America/Los_Angeles" });

    const at = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/Los_Angeles" }).format(new Date(readyAt));
    const message = `Order #${order.id} is not marked ready yet: the kitchen expects it at ${at}. Mark it picked up only once the kitchen hands it to you, and confirm they did.`;
    const refused = await move(courier.client, job.id, "picked-up");
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({ message, errors: { handedOver: message } });
    const bad = await move(courier.client, job.id, "picked-up", { handedOver: "yes" });
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(["handedOver"]);
    expect((await (await customer.client.get(`/api/orders/${order.id}`)).json()).stage).toBe("accepted");

    const picked = await move(courier.client, job.id, "picked-up", { handedOver: true });
    expect(picked.status()).toBe(200);
    expect((await picked.json()).job).toMatchObject({ state: "picked_up", kitchen: { ready: true } });
    const seen = await (await customer.client.get(`/api/orders/${order.id}`)).json();
    expect(seen).toMatchObject({ stage: "out_for_delivery", delivery: { state: "picked_up", handedOverEarly: true } });
    expect(seen.timeline.map((step: { stage: string }) => step.stage)).toEqual(["placed", "accepted", "out_for_delivery"]);
    const board = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/board`)).json();
    expect(board.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({ delivery: { handedOverEarly: true } });
  });

  test("the owner's courier list: at most COURIER_LIST_PER_MINUTE (20) reads a minute per account, then 429", async ({ baseURL }) => {
    const spot = ownSpot();
    const { owner, order } = await placedDelivery(baseURL!, spot);
    expect((await stage(owner.client, owner.restaurant.id, order.id, { stage: "accepted", prepMinutes: 10 })).status()).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await owner.client.get(`/api/manage/${owner.restaurant.id}/couriers?orderId=${order.id}`)).status());
    expect(statuses).toEqual([...Array.from({ length: 20 }, () => 200), 429]);
    const refused = await owner.client.get(`/api/manage/${owner.restaurant.id}/couriers?orderId=${order.id}`);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  });

  test("a failed delivery: the customer reads a reason from the fixed list; the courier's words go to the operators only", async ({ baseURL }) => {
    const spot = ownSpot();
    const { customer, order } = await placedDelivery(baseURL!, spot);
    const courier = await signUpCustomer(baseURL!);
    await makeCourier(courier.user.id);
    const job = await plantJob(order.id, courier.user.id, "picked_up");
    const stream = await openEventStream(`${baseURL}/api/orders/${order.id}/events`, { cookie: await cookieOf(customer.client) });
    // Free text as the reason, or "other" without a note: 400 naming the field, nothing changed.
    const free = await move(courier.client, job, "failed", { reason: "Nobody home, see http://evil.example" });
    expect(free.status()).toBe(400);
    expect(Object.keys((await free.json()).errors)).toEqual(["reason"]);
    const bare = await move(courier.client, job, "failed", { reason: "other" });
    expect(bare.status()).toBe(400);
    expect(Object.keys((await bare.json()).errors)).toEqual(["note"]);
    const note = "Gate code 4411 did not work, see http://evil.example";
    const failed = await move(courier.client, job, "failed", { reason: "unreachable", note });
    expect(failed.status()).toBe(200);
    const event = await stream.waitFor((message) => message.data.stage === "delivery_failed", "delivery_failed");
    stream.close();
    expect(event.data.detail).toEqual({ reason: "Couldn't reach you", failure: { key: "unreachable" } });
    const seen = await (await customer.client.get(`/api/orders/${order.id}`)).json();
    expect(seen).toMatchObject({
      stage: "canceled",
      rejectionReason: "The courier could not deliver this order: Couldn't reach you",
      delivery: { state: "failed", failureReason: "Couldn't reach you" },
    });
    expect(JSON.stringify(seen)).not.toContain("evil.example");
    const nia = await signUpCustomer(baseURL!);
    await makeOperator(nia.user.id);
    const { items } = await (await nia.client.get("/api/admin/deliveries?status=failed&limit=100")).json();
    expect(items).toContainEqual(expect.objectContaining({ id: job, failureReason: "Couldn't reach you", failureNote: note }));
  });

  test("positions: off shift 409, faster than once a second 429, more than 50 points or a vague accuracy 400, one point a second stored; non-couriers 403", async ({
    baseURL,
  }) => {
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
    // An accuracy beyond 5 km says nothing of where the courier is: 400 naming it.
    const vague = await signed.client.post("/api/courier/position", { lat: 60, lng: -150, accuracy: 1e300 });
    expect(vague.status()).toBe(400);
    expect(await vague.json()).toEqual({
      message: "accuracy must be a number of metres from 0 to 5000",
      errors: { accuracy: "accuracy must be a number of metres from 0 to 5000" },
    });
    // 50 points taken within a second: one is stored.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const burst = await signed.client.post("/api/courier/position", { points: Array.from({ length: 50 }, () => ({ lat: 60, lng: -150, accuracy: 5 })) });
    expect(await burst.json()).toEqual({ accepted: 1, dropped: 49 });
    expect((await signed.client.put("/api/courier/shift", { onShift: "yes" })).status()).toBe(400);
  });
});
