import { expect, test } from "@playwright/test";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { makeCourier, rideTo, northOf, offersOf, ownSpot, placeCustomer, placeRestaurant, type Point } from "../support/couriers";
import { cookieOf, openEventStream } from "../support/events";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Couriers across two instances behind nginx (docs/architecture/couriers.md): a courier working
// through one instance is followed live by a customer whose stream another instance holds, and
// the dispatch tick, running in every process of both instances, offers a waiting job once.
// Couriers are made in the shared PostgreSQL database (e2e/support/couriers.ts, DATABASE_URL).

const proxy = process.env.CLUSTER_URL!;
const instances = (process.env.INSTANCE_URLS ?? "").split(",") as [string, string];
/** DISPATCH_TICK_MS's default: each instance runs the tick this often. */
const TICK_MS = 2_000;

async function courierAt(baseURL: string, at: Point) {
  const signed = await signUpCustomer(baseURL);
  await makeCourier(signed.user.id);
  expect((await signed.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  expect(await (await signed.client.post("/api/courier/position", { ...at, accuracy: 8 })).json()).toEqual({ accepted: 1, dropped: 0 });
  return signed;
}

/** A delivery order of a customer living 2 km north of `spot`, placed through the proxy at a restaurant there. */
async function placedOrder(owner: Awaited<ReturnType<typeof signUpOwner>>, spot: Point) {
  const customer = await signUpCustomer(proxy);
  await placeCustomer(customer.user.id, northOf(spot, 2));
  const created = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await customer.client.put(`/api/orders/${id}/submit`, standardWallet)).status()).toBe(200);
  return { customer, id };
}

const accept = (owner: Client, restaurantId: number, orderId: number) =>
  owner.post(`/api/manage/${restaurantId}/orders/${orderId}/stage`, { stage: "accepted", prepMinutes: 10 });

test("a courier working through one instance: the customer's stream held on the other gets the positions and the delivery stages", async () => {
  const spot = ownSpot();
  const owner = await signUpOwner(proxy);
  await placeRestaurant(owner.restaurant.id, spot);
  const { customer, id } = await placedOrder(owner, spot);
  const stream = await openEventStream(`${proxy}/api/orders/${id}/events`, { cookie: await cookieOf(customer.client) });
  try {
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.retry).not.toBeNull();
    // The courier works through the instance that does not hold the customer's stream (nginx names the holder).
    const holder = stream.headers.get("x-nosh-instance")!;
    const other = instances.find((url) => !holder.endsWith(new URL(url).port))!;
    expect(other).toBeDefined();
    // 200 m from the restaurant: near enough to mark arrived and picked up (docs/architecture/stops-and-messages.md "Steps at a stop").
    const courier = await courierAt(other, northOf(spot, 0.2));
    const kitchen = await newClient(other);
    expect((await kitchen.post("/api/auth/login", { credential: owner.email, password: owner.password })).status()).toBe(200);

    expect((await accept(kitchen, owner.restaurant.id, id)).status()).toBe(200);
    const jobsNow = async () => ((await (await courier.client.get("/api/courier/jobs")).json()) as { jobs: { id: number; orderId: number; state: string }[] }).jobs;
    // Offered at the next dispatch tick.
    await expect.poll(jobsNow).toEqual([expect.objectContaining({ orderId: id, state: "offered" })]);
    const jobs = await jobsNow();
    const job = jobs[0]!.id;
    // Still cooking: the kitchen hands it over, and the courier says so (handedOver).
    for (const step of ["accept", "arrived", "picked-up"])
      expect((await courier.client.post(`/api/courier/jobs/${job}/${step}`, step === "picked-up" ? { handedOver: true } : undefined)).status(), step).toBe(200);

    const assigned = await stream.waitFor((m) => m.data.stage === "courier_assigned", "courier_assigned");
    expect(assigned).toMatchObject({ event: "delivery", data: { orderId: id, detail: { courierId: courier.user.id, firstName: "Test" } } });
    expect((await stream.waitFor((m) => m.data.stage === "out_for_delivery", "out_for_delivery")).event).toBe("order");

    // Positions once a second at most: 30 m on from the first report, a bike's pace.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const here = northOf(spot, 0.23);
    expect(await (await courier.client.post("/api/courier/position", here)).json()).toEqual({ accepted: 1, dropped: 0 });
    const position = await stream.waitFor((m) => m.data.stage === "courier_position", "courier_position");
    expect(position.event).toBe("delivery");
    expect(position.data.detail).toEqual({ lat: Math.round(here.lat * 10_000) / 10_000, lng: Math.round(here.lng * 10_000) / 10_000, positionAt: expect.any(String) });

    // At the door (the ride itself is the browser spec's): delivered there.
    await rideTo(courier.user.id, northOf(spot, 2));
    expect((await courier.client.post(`/api/courier/jobs/${job}/delivered`)).status()).toBe(200);
    expect((await stream.waitFor((m) => m.data.stage === "delivered", "delivered")).event).toBe("order");
    expect(stream.isEnded()).toBe(false);
    // Stages as `order`, the courier's doings as `delivery`, in the order they happened.
    expect(stream.messages.map((m) => `${m.event}:${m.data.stage}`)).toEqual([
      "order:accepted",
      "delivery:courier_assigned",
      "delivery:courier_arrived",
      "order:out_for_delivery",
      "delivery:courier_position",
      "order:delivered",
    ]);
    await kitchen.dispose();
  } finally {
    stream.close();
  }
});

test("the dispatch tick, running on both instances, offers waiting jobs once: one courier, two jobs of one restaurant, one trip", async () => {
  const spot = ownSpot();
  const owner = await signUpOwner(proxy);
  await placeRestaurant(owner.restaurant.id, spot);
  // Two delivery orders accepted while no courier is near: their jobs wait for the tick.
  const orders = [await placedOrder(owner, spot), await placedOrder(owner, spot)];
  for (const { id } of orders) {
    const accepted = await accept(owner.client, owner.restaurant.id, id);
    expect((await accepted.json()).delivery).toMatchObject({ state: "unassigned" });
  }
  const [first, second] = instances;
  const signed = await signUpCustomer(first);
  await makeCourier(signed.user.id);
  const events = await openEventStream(`${second}/api/courier/events`, { cookie: await cookieOf(signed.client) });
  try {
    expect(events.status).toBe(200);
    expect((await signed.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
    expect((await signed.client.post("/api/courier/position", northOf(spot, 1))).status()).toBe(200);
    // A tick (either instance's) offers the two jobs of one restaurant as one trip (dispatch as a
    // matching, docs/architecture/dispatch-matching.md); several ticks of both later, each job is
    // still offered once.
    await expect.poll(async () => (await Promise.all(orders.map(({ id }) => offersOf(id)))).flat().length, { timeout: 4 * TICK_MS }).toBe(2);
    await events.waitFor((m) => m.data.stage === "job_offered", "job_offered");
    await new Promise((resolve) => setTimeout(resolve, 3 * TICK_MS + 500));
    const offers = await Promise.all(orders.map(({ id }) => offersOf(id)));
    expect(offers).toEqual([[{ courierId: signed.user.id, answer: null }], [{ courierId: signed.user.id, answer: null }]]);
    const offered = events.messages.filter((m) => m.data.stage === "job_offered").length;
    expect(offered === 1 || offered === 2, `job_offered events: ${offered}`).toBe(true);
    const { jobs } = (await (await signed.client.get("/api/courier/jobs")).json()) as { jobs: { orderId: number; state: string }[] };
    expect(jobs.map((job) => job.state)).toEqual(["offered", "offered"]);
    expect(jobs.map((job) => job.orderId).sort()).toEqual(orders.map(({ id }) => id).sort());
  } finally {
    events.close();
  }
});
