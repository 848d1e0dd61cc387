import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { makeCourier, northOf, ownSpot, placeCustomer, placeRestaurant, rideTo } from "../support/couriers";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { expectAccessible, shoot } from "../support/pages";
import { startServer, type Server } from "../support/server";

// Dispatch aimed at the food, and the board's words that follow it (docs/architecture/
// dispatch-matching.md "Aimed at the food", kitchen.md "Start cooking when the courier is near").
// On a server of its own (E2E_PORT + 11) with the product's timing (DISPATCH_EARLY_MINUTES' default;
// the shared servers offer every job at once): an order accepted with 20 minutes' prep is offered
// to nobody while its courier, 4 minutes away, would stand at the counter, and the board says when
// a courier will be sent; the kitchen's "ready" sends one at once. A courier the owner assigns by
// hand is counted from their own ride, and once they are at the restaurant the cue says they wait.

let server: Server;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({
    port: Number(process.env.E2E_PORT ?? 3111) + 11,
    dataDir: "data/e2e-offer-timing",
    args: [],
    env: { DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", DISPATCH_TICK_MS: "250", DISPATCH_EARLY_MINUTES: "2" },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("an order with 20 minutes' prep: no courier sent yet and the board says when; assigned, the cue follows Luis; arrived, he is waiting", async ({ browser }) => {
  test.setTimeout(90_000);
  const base = server.url;
  const db = server.dbFile;
  const spot = ownSpot();
  const owner = await signUpOwner(base);
  await placeRestaurant(owner.restaurant.id, spot, db);
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/start-cooking`, { startCookingMinutes: 8 })).status()).toBe(200);
  const customer = await signUpCustomer(base, { name: "Tess Timing" });
  await placeCustomer(customer.user.id, northOf(spot, 2), db);
  const luis = await signUpCustomer(base, { name: "Luis Timing" });
  await makeCourier(luis.user.id, db);
  expect((await luis.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  expect((await luis.client.post("/api/courier/position", { ...northOf(spot, -1), accuracy: 10 })).status()).toBe(200);

  const order = async (prepMinutes: number) => {
    const created = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
    const id = ((await created.json()) as { id: number }).id;
    expect((await customer.client.put(`/api/orders/${id}/submit`, standardWallet)).status()).toBe(200);
    const accepted = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${id}/stage`, { stage: "accepted", prepMinutes });
    expect(accepted.status()).toBe(200);
    return { id, accepted: (await accepted.json()) as { delivery: { state: string } } };
  };
  const jobsOfLuis = async () => ((await (await luis.client.get("/api/courier/jobs")).json()) as { jobs: { orderId: number; state: string }[] }).jobs;

  const first = await order(20);
  expect(first.accepted.delivery.state).toBe("unassigned");
  // Several ticks later, still nobody: Luis would wait 16 minutes at the counter.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await jobsOfLuis()).toEqual([]);

  const board = await (
    await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, storageState: await owner.client.ctx.storageState() })
  ).newPage();
  await board.goto(`/restaurants/${owner.restaurant.id}/orders`);
  const card = board.getByRole("listitem", { name: new RegExp(`^Order #${first.id} for`) });
  await expect(card).toContainText(/A courier will be sent to arrive at \d{1,2}:\d{2} [AP]M, when the food is ready/);
  await expect(card.getByTestId("start-cooking")).toHaveText(/^\s*Start cooking in ~1[12] min \(when the courier is 8 min away\)$/);
  await expect(card.getByTestId("courier-timing")).toHaveCount(0);
  await expectAccessible(board, "board, a courier to be sent for the food");
  await shoot(board, "board-courier-sent-for-food");

  // The owner gives Luis the job by hand, early: the cue counts from his own ride (1 km, about 4 min), and the card warns he will wait.
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${first.id}/assign`, { courierId: luis.user.id })).status()).toBe(200);
  await expect(card).toContainText("Luis arrives in about 4 min");
  await expect(card.getByTestId("start-cooking")).toHaveText(/^\s*Start cooking now \(Luis arrives in about 4 min\)$/);
  await expect(card.getByTestId("courier-timing")).toHaveText(/^Luis will wait about 1[56] min: the food is due at/);
  // At the restaurant: he is waiting, start now (not "when the courier is 8 min away" beside "Luis arrived").
  await rideTo(luis.user.id, spot, db);
  const { jobs } = (await (await luis.client.get("/api/courier/jobs")).json()) as { jobs: { id: number; orderId: number; state: string }[] };
  expect(jobs).toEqual([expect.objectContaining({ orderId: first.id, state: "assigned" })]);
  expect((await luis.client.post(`/api/courier/jobs/${jobs[0]!.id}/arrived`, {})).status()).toBe(200);
  await expect(card).toContainText(/Luis arrived \d{1,2}:\d{2} [AP]M/);
  await expect(card.getByTestId("start-cooking")).toHaveText(/^\s*Luis is waiting: start cooking now$/);
  await expectAccessible(board, "board, the courier waiting");
  await shoot(board, "board-courier-waiting");

  // A second order, 30 minutes' prep, Amara 1 km away: nobody sent; the kitchen marks it ready early, and she is offered it at once.
  const amara = await signUpCustomer(base, { name: "Amara Timing" });
  await makeCourier(amara.user.id, db);
  expect((await amara.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
  expect((await amara.client.post("/api/courier/position", { ...northOf(spot, 1), accuracy: 10 })).status()).toBe(200);
  const second = await order(30);
  expect(second.accepted.delivery.state).toBe("unassigned");
  const amarasJobs = async () => ((await (await amara.client.get("/api/courier/jobs")).json()) as { jobs: { orderId: number; state: string }[] }).jobs;
  expect(await amarasJobs()).toEqual([]);
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${second.id}/stage`, { stage: "ready" })).status()).toBe(200);
  await expect.poll(amarasJobs, { timeout: 5_000 }).toEqual([expect.objectContaining({ orderId: second.id, state: "offered" })]);
  await board.close();
  await Promise.all([owner.client, customer.client, luis.client, amara.client].map((client) => client.dispose()));
});
