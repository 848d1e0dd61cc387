import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { blockInputSchema, zoneInputSchema } from "@/lib/contract/zones/rules";
import { BLOCK_SAID } from "@/lib/shared/delivery/zone-blocks";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Scheduled hours by zone against a real migrated database (SQLite; PostgreSQL with
// TEST_DATABASE_URL): an operator's zone needing 3 couriers at 19:00 is a block of 3 places, a
// fourth booking is refused, 20 couriers racing for the last places take exactly those, a booking
// drops until 12 hours before, an unbooked courier goes on shift only where the zone is short,
// and dispatch offers a job in a zone to the courier booked there first.

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
  zones: await import("./zones"),
  blocks: await import("./blocks"),
  state: await import("../dispatch/state"),
};

/** Tuesday Dec 1, 2026, 10:20 in Los Angeles (the market's zone). */
const NOW = new Date("2026-12-01T18:20:00Z");
/** 19:00 that evening. */
const SEVEN_PM = new Date("2026-12-02T03:00:00Z");
const HOUR = 3_600_000;

let spot = 0;
/** A square zone of its own for each test, about 2 km across, and its middle. */
function square(needs: number[]) {
  const lat = 40 + spot++ * 0.5;
  const lng = -100;
  const polygon = [
    { lat, lng },
    { lat, lng: lng + 0.025 },
    { lat: lat + 0.018, lng: lng + 0.025 },
    { lat: lat + 0.018, lng },
  ];
  return { input: zoneInputSchema.parse({ name: `Zone ${spot}`, polygon, needs }), middle: { lat: lat + 0.009, lng: lng + 0.0125 } };
}
const needsAt = (hours: number[], count: number) => Array.from({ length: 24 }, (_, h) => (hours.includes(h) ? count : 0));
const everyHour = (count: number) => Array.from({ length: 24 }, () => count);

async function operator() {
  const user = await m.db.user.create({ data: { firstName: "Ops", operator: true } });
  return { id: user.id, firstName: user.firstName };
}
async function courier(name = "Dev") {
  const user = await m.db.user.create({ data: { firstName: name, courier: true } });
  return { id: user.id, firstName: name };
}
const book = (who: { id: number }, zoneId: number, startsAt: Date, now = NOW) =>
  m.blocks.bookBlock(who, blockInputSchema.parse({ zoneId, startsAt: startsAt.toISOString() }), now);
/** The running hour's place, as a booking made before it started (no courier can book a started block). */
const bookedBefore = (who: { id: number }, zoneId: number, startsAt: string) =>
  m.db.zoneBooking.create({ data: { zoneId, courierId: who.id, startsAt: new Date(startsAt), place: 1, createdAt: new Date(Date.parse(startsAt) - 24 * HOUR) } });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status?: number; message: string }) => ({ status: error.status, message: error.message }),
  );

describe("blocks", () => {
  it("a zone needing 3 couriers at 19:00 shows a block of 3 places; a fourth booking is refused", async () => {
    const { input } = square(needsAt([19], 3));
    const { zone } = await m.zones.createZone(await operator(), input, NOW);
    const first = await courier();
    const listed = (await m.blocks.courierBlocks(first, NOW)).blocks.filter((b) => b.zoneId === zone.id);
    // One block a day at 19:00: tonight's has 3 places, all open.
    expect(listed.map((b) => b.startsAt).slice(0, 2)).toEqual([SEVEN_PM.toISOString(), new Date(SEVEN_PM.getTime() + 24 * HOUR).toISOString()]);
    expect(listed[0]).toMatchObject({ places: 3, booked: 0, open: 3, bookingId: null });

    const places = [];
    for (const who of [first, await courier(), await courier()]) places.push((await book(who, zone.id, SEVEN_PM)).booking.place);
    expect(places).toEqual([1, 2, 3]);
    expect(await failure(book(await courier(), zone.id, SEVEN_PM))).toEqual({ status: 409, message: "This block is full: every place is booked" });
    // The same courier twice: refused, whichever zone.
    expect(await failure(book(first, zone.id, SEVEN_PM))).toMatchObject({ status: 409, message: "You have a block booked at that hour already" });

    const after = (await m.blocks.courierBlocks(first, NOW)).blocks.find((b) => b.zoneId === zone.id && b.startsAt === SEVEN_PM.toISOString());
    expect(after).toMatchObject({ places: 3, booked: 3, open: 0 });
    expect(after?.bookingId).toEqual(expect.any(Number));
    // 18:00 needs nobody: no block to book.
    expect(await failure(book(first, zone.id, new Date(SEVEN_PM.getTime() - HOUR)))).toMatchObject({ status: 400 });
  });

  it("20 couriers booking the last places at once: exactly the free places are taken", async () => {
    const { input } = square(needsAt([19], 5));
    const { zone } = await m.zones.createZone(await operator(), input, NOW);
    for (let i = 0; i < 2; i++) await book(await courier(), zone.id, SEVEN_PM);
    const racers = await Promise.all(Array.from({ length: 20 }, (_, i) => courier(`Racer ${i}`)));
    const results = await Promise.all(racers.map((who) => failure(book(who, zone.id, SEVEN_PM))));
    expect(results.filter((r) => r === null)).toHaveLength(3);
    expect(results.filter((r) => r !== null)).toEqual(Array.from({ length: 17 }, () => ({ status: 409, message: "This block is full: every place is booked" })));
    const held = await m.db.zoneBooking.findMany({ where: { zoneId: zone.id, startsAt: SEVEN_PM }, orderBy: { place: "asc" } });
    expect(held.map((b) => b.place)).toEqual([1, 2, 3, 4, 5]);
  });

  it("opens a week ahead by record: a new courier books 5 days ahead, not 6", async () => {
    const { input } = square(needsAt([19], 2));
    const { zone } = await m.zones.createZone(await operator(), input, NOW);
    const fresh = await courier();
    const sixDays = new Date(SEVEN_PM.getTime() + 5 * 24 * HOUR); // Dec 6, 19:00: 5 days 9 hours ahead, open to new couriers at 19:00 tonight
    const refused = await failure(book(fresh, zone.id, sixDays));
    expect(refused?.status).toBe(409);
    expect(refused?.message).toMatch(/^This block opens for booking on Dec 1, 7:00 PM for couriers with your record$/);
    expect((await book(fresh, zone.id, new Date(SEVEN_PM.getTime() + 4 * 24 * HOUR))).booking.place).toBe(1);
  });

  it("lists only what the courier may book: no started block (refused too), and days up to their tier's window", async () => {
    const { input } = square(everyHour(1));
    const { zone } = await m.zones.createZone(await operator(), input, NOW);
    const fresh = await courier();
    const listed = (await m.blocks.courierBlocks(fresh, NOW)).blocks.filter((b) => b.zoneId === zone.id);
    // 10:20: the 10:00 block has started; the first listed is 11:00, the last the one 5 days (a new courier's window) ahead.
    const tenAm = new Date("2026-12-01T18:00:00Z");
    expect(listed[0]?.startsAt).toBe(new Date(tenAm.getTime() + HOUR).toISOString());
    expect(listed.at(-1)?.startsAt).toBe(new Date(tenAm.getTime() + 5 * 24 * HOUR).toISOString());
    const days = new Set(listed.map((b) => new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", weekday: "short" }).format(new Date(b.startsAt))));
    expect(days.size).toBe(6); // today and the 5 days ahead
    const started = await failure(book(fresh, zone.id, tenAm));
    expect(started).toEqual({ status: 409, message: "This block has already started: book one that starts later" });
    // One booked before it started stays listed to its courier (to see, not to drop).
    await bookedBefore(fresh, zone.id, tenAm.toISOString());
    expect((await m.blocks.courierBlocks(fresh, NOW)).blocks.find((b) => b.zoneId === zone.id)).toMatchObject({
      startsAt: tenAm.toISOString(),
      bookingId: expect.any(Number),
    });
  });

  it("drops a booking until 12 hours before the block, not after; another courier's is a 404", async () => {
    const { input } = square(needsAt([19], 1));
    const { zone } = await m.zones.createZone(await operator(), input, NOW);
    const who = await courier();
    const { booking } = await book(who, zone.id, SEVEN_PM);
    expect(await failure(m.blocks.dropBlock(await courier(), booking.id, NOW))).toMatchObject({ status: 404 });
    expect(await failure(m.blocks.dropBlock(who, booking.id, new Date(SEVEN_PM.getTime() - 11 * HOUR)))).toEqual({
      status: 409,
      message: inEnglish(BLOCK_SAID.drop),
    });
    expect(await m.blocks.dropBlock(who, booking.id, new Date(SEVEN_PM.getTime() - 13 * HOUR))).toEqual({ dropped: booking.id });
    // The place is free again.
    expect((await book(await courier(), zone.id, SEVEN_PM)).booking.place).toBe(1);
  });
});

describe("going on shift in a zone", () => {
  it("an unbooked courier goes on shift where the zone is short, not where it is fully booked; a booked one does", async () => {
    const now = new Date();
    const { input, middle } = square(everyHour(1));
    const { zone } = await m.zones.createZone(await operator(), input, now);
    const at = async (who: { id: number }, point: { lat: number; lng: number }) =>
      m.db.courierState.create({ data: { userId: who.id, onShift: false, ...point, positionAt: now } });
    // Short: nobody booked yet.
    const early = await courier();
    await at(early, middle);
    expect(await m.state.setShift(early, true, now)).toEqual({ onShift: true });
    // Booked: the one place this hour is theirs.
    const booked = await courier();
    await at(booked, middle);
    await bookedBefore(booked, zone.id, zone.thisHour.startsAt);
    expect(await m.state.setShift(booked, true, now)).toEqual({ onShift: true });
    // Fully booked, and not theirs: refused inside, let through outside every zone.
    const late = await courier();
    await at(late, middle);
    expect(await failure(m.state.setShift(late, true, now))).toEqual({
      status: 409,
      message: "Your zone is fully booked this hour: book an open block to go on shift here",
    });
    await m.db.courierState.update({ where: { userId: late.id }, data: { lat: middle.lat + 1 } });
    expect(await m.state.setShift(late, true, now)).toEqual({ onShift: true });
  });
});

describe("dispatch with booked couriers", () => {
  it("offers a job in the zone to the courier booked there first, though another is nearer", async () => {
    const now = new Date();
    const { input, middle } = square(everyHour(2));
    const { zone } = await m.zones.createZone(await operator(), input, now);
    const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
    const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
    await m.db.restaurant.update({ where: { id: restaurant.id }, data: middle });
    const dish = await m.db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
    });
    const nearer = await courier("Near");
    await m.db.courierState.create({ data: { userId: nearer.id, onShift: true, lat: middle.lat + 0.002, lng: middle.lng, positionAt: now } });
    const booked = await courier("Booked");
    await m.db.courierState.create({ data: { userId: booked.id, onShift: true, lat: middle.lat + 0.015, lng: middle.lng, positionAt: now } });
    await bookedBefore(booked, zone.id, zone.thisHour.startsAt);

    const customer = await m.db.user.create({
      data: { firstName: "Ada", address: "1 Main St", city: "Springfield", state: "KS", zip: "67001", lat: middle.lat - 0.01, lng: middle.lng },
    });
    await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: customer.id, amountCents: 20_000, kind: "topup" }));
    const paying = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
    );
    const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, paying, paymentFor(paying)));
    await m.accept.acceptOrder(owner, restaurant.id, placed.id, 15, now);
    await m.offerNow.offerNow(placed.id, now);
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } })).toMatchObject({ state: "offered", courierId: booked.id });
  });
});
