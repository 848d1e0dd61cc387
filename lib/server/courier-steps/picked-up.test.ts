import { pickedUpSealed } from "@/lib/shared/kitchen/packing";
import { unitWords } from "@/lib/shared/delivery/distance";
import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { courierStatusLine } from "@/lib/shared/delivery/delivery-text";
import { formatTime } from "@/lib/shared/time/format-date";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// "Picked up" before the kitchen marked the order ready (docs/architecture/stops-and-messages.md
// "Picked up before ready"), against a real migrated database: the courier's job carries the
// kitchen's ready time; without `handedOver: true` the step is a 409 naming the field and nothing
// moves; confirmed, the order goes out and the job says it was handed over early, which the
// board's courier line and the customer's order JSON show; a ready order needs no confirmation.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("../dispatch/testing/offer-now"),
  ready: await import("../orders/ready"),
  read: await import("../orders/read"),
  incoming: await import("../orders/incoming"),
  json: await import("../orders/to-json"),
  jobAccept: await import("./accept"),
  arrived: await import("./arrived"),
  errors: await import("../platform/errors"),
  jobs: await import("../dispatch/read"),
  pickedUp: await import("./picked-up"),
  packing: await import("../orders/packing"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
// Accepted now (the offer made then must still be open when accepted) with 20 minutes' prep: the kitchen expects it 20 minutes on, printed in New York's time.
const ACCEPTED_AT = new Date();
const READY_AT = new Date(ACCEPTED_AT.getTime() + 20 * 60_000);

/** An order accepted at ACCEPTED_AT (20 minutes' prep, a New York restaurant), its courier at the restaurant. */
async function atPickup() {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const customer = await m.db.user.create({
    data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", lat: HERE.lat + 0.01, lng: HERE.lng },
  });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: customer.id, amountCents: 20_000, kind: "topup" }));
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: { ...HERE, timeZone: "America/New_York" } });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const courierUser = await m.db.user.create({ data: { firstName: "Dev", courier: true } });
  await m.db.courierState.create({ data: { userId: courierUser.id, onShift: true, ...HERE, positionAt: new Date() } });
  const courier = { id: courierUser.id, firstName: "Dev" };
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
  await m.accept.acceptOrder(owner, restaurant.id, placed.id, 20, ACCEPTED_AT);
  await m.offerNow.offerNow(placed.id, ACCEPTED_AT);
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
  expect(job.courierId).toBe(courier.id);
  await m.jobAccept.acceptJob(courier, job.id);
  await m.arrived.arrivedAtPickup(courier, job.id);
  await m.db.courierState.update({ where: { userId: courier.id }, data: { positionAt: new Date() } });
  return { customer, owner, restaurant, courier, orderId: placed.id, jobId: job.id };
}

describe("picked up before the kitchen marked the order ready", () => {
  it("the courier's job carries the kitchen's ready time; unconfirmed, the pickup is a 409 naming handedOver and nothing moves", async () => {
    const { courier, orderId, jobId } = await atPickup();
    const [job] = await m.jobs.courierJobs(courier.id);
    expect(job!.kitchen).toEqual({ ready: false, readyAt: READY_AT.toISOString(), timeZone: "America/New_York" });

    const at = formatTime(READY_AT, "America/New_York");
    const message = `Order #${orderId} is not marked ready yet: the kitchen expects it at ${at}. Mark it picked up only once the kitchen hands it to you, and confirm they did.`;
    await expect(m.pickedUp.pickedUp(courier, jobId)).rejects.toMatchObject({ status: 409, message, errors: { handedOver: message } });
    await expect(m.pickedUp.pickedUp(courier, jobId, new Date(), { handedOver: false })).rejects.toMatchObject({ status: 409, errors: { handedOver: message } });
    // A Spanish courier's app reads it in Spanish, the time the Spanish way (the request's language at errorResponse).
    const refused = await m.pickedUp.pickedUp(courier, jobId).catch((error: unknown) => error);
    const spanish = `El pedido #${orderId} aún no está marcado como listo: la cocina lo espera a las ${formatTime(READY_AT, "America/New_York", "es")}. Márcalo como recogido solo cuando la cocina te lo entregue, y confirma que lo hizo.`;
    expect(JSON.parse(await m.errors.errorResponse(refused, "es").text())).toEqual({ message: spanish, errors: { handedOver: spanish } });
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ state: "at_pickup", pickedUpAt: null, handedOverEarly: false });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ stage: "accepted" });
  });

  it("confirmed as handed over: picked up, and the board and the customer's order say it left before it was marked ready", async () => {
    const { courier, customer, owner, restaurant, orderId, jobId } = await atPickup();
    expect(await m.pickedUp.pickedUp(courier, jobId, new Date(), { handedOver: true })).toMatchObject({ state: "picked_up", kitchen: { ready: true } });
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ state: "picked_up", handedOverEarly: true });

    const json = (await m.read.findReadableOrder(customer, orderId))!.json;
    expect(json).toMatchObject({ stage: "out_for_delivery", delivery: { state: "picked_up", handedOverEarly: true } });
    expect(json.timeline.map((step) => step.stage)).toEqual(["placed", "accepted", "out_for_delivery"]);

    const board = m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(owner, restaurant.id, orderId));
    expect(courierStatusLine(board.courier, board.delivery, undefined, { board: ENGLISH.lines.board, units: unitWords(ENGLISH.courier) })).toBe(
      "Handed to Dev early: picked up before it was marked ready",
    );
  });

  it("a ready order is picked up as before, with no confirmation, and is not marked early", async () => {
    const { courier, customer, owner, restaurant, orderId, jobId } = await atPickup();
    await m.ready.markReady(owner, restaurant.id, orderId);
    const [job] = await m.jobs.courierJobs(courier.id);
    expect(job!.kitchen.ready).toBe(true);
    expect(await m.pickedUp.pickedUp(courier, jobId)).toMatchObject({ state: "picked_up" });
    const json = (await m.read.findReadableOrder(customer, orderId))!.json;
    expect(json).toMatchObject({ delivery: { handedOverEarly: false } });
    expect(json.timeline.map((step) => step.stage)).toEqual(["placed", "accepted", "ready", "out_for_delivery"]);
    expect(courierStatusLine(json.courier, json.delivery, undefined, { board: ENGLISH.lines.board, units: unitWords(ENGLISH.courier) })).toBe("Picked up by Dev");
  });

  it("the courier's bag count at pickup is kept on the order: the kitchen's count and theirs equal is picked up sealed", async () => {
    const { courier, owner, restaurant, orderId, jobId } = await atPickup();
    await m.packing.setPacking(owner, restaurant.id, orderId, { bags: 2 });
    await m.ready.markReady(owner, restaurant.id, orderId);
    await m.pickedUp.pickedUp(courier, jobId, new Date(), { bags: 2 });
    const order = await m.db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ bags: 2, bagsConfirmed: 2 });
    expect(pickedUpSealed(order)).toBe(true);
    expect(pickedUpSealed({ bags: 2, bagsConfirmed: 1 })).toBe(false);
    expect(pickedUpSealed({ bags: null, bagsConfirmed: 2 })).toBe(false);
  });
});
