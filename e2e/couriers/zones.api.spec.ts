import { expect, test } from "../fixtures";
import { newClient, signUpCustomer } from "../support/api";
import { makeCourier, northOf, ownSpot, placeCustomer, placeRestaurant, write, type Point } from "../support/couriers";
import { signUpOperator } from "../support/operator";
import { standardCard } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Scheduled hours by zone over HTTP (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): an
// operator draws a zone around a spot of the test's own needing 3 couriers at 19:00 (2 the other
// hours); its 19:00 block shows 3 places, three couriers book them and a fourth is refused; a
// courier booked in the zone this hour is offered a job there before a nearer courier who is not.
// Only operators draw zones; a bad polygon is a 400 naming it; only couriers book.

type Block = { zoneId: number; startsAt: string; places: number; booked: number; open: number; bookingId: number | null };

/** A square about 11 km by 10 km around `at`. */
const squareAround = (at: Point) => [
  { lat: at.lat - 0.05, lng: at.lng - 0.08 },
  { lat: at.lat - 0.05, lng: at.lng + 0.08 },
  { lat: at.lat + 0.05, lng: at.lng + 0.08 },
  { lat: at.lat + 0.05, lng: at.lng - 0.08 },
];
const NEEDS = Array.from({ length: 24 }, (_, hour) => (hour === 19 ? 3 : 2));

async function courier(baseURL: string, at?: Point) {
  const signed = await signUpCustomer(baseURL);
  await makeCourier(signed.user.id);
  if (at) {
    expect((await signed.client.put("/api/courier/shift", { onShift: true })).status()).toBe(200);
    expect((await signed.client.post("/api/courier/position", { lat: at.lat, lng: at.lng, accuracy: 8 })).status()).toBe(200);
  }
  return signed;
}

test("a zone needing 3 couriers at 19:00 shows 3 places; a fourth booking is refused; its job goes to the courier booked there first", async ({ baseURL }) => {
  test.setTimeout(90_000);
  const spot = ownSpot();
  const operator = await signUpOperator(baseURL!);

  // Who may draw, and a polygon refused beside its field.
  const someone = await courier(baseURL!);
  expect((await someone.client.post("/api/admin/zones", { name: "Mine", polygon: squareAround(spot), needs: NEEDS })).status()).toBe(403);
  const bowTie = [squareAround(spot)[0], squareAround(spot)[2], squareAround(spot)[1], squareAround(spot)[3]];
  const refused = await operator.client.post("/api/admin/zones", { name: "Bow tie", polygon: bowTie, needs: NEEDS });
  expect(refused.status()).toBe(400);
  expect(Object.keys((await refused.json()).errors)).toEqual(["polygon"]);

  const drawn = await operator.client.post("/api/admin/zones", { name: "Fairbanks north", polygon: squareAround(spot), needs: NEEDS, reason: "Evening rush" });
  expect(drawn.status()).toBe(201);
  const { zone } = (await drawn.json()) as { zone: { id: number; needs: number[]; thisHour: { startsAt: string; needed: number; booked: number } } };
  expect(zone.needs[19]).toBe(3);
  const listed = (await (await operator.client.get("/api/admin/zones")).json()) as { timeZone: string; zones: { id: number }[] };
  expect(listed.timeZone).toBe("America/Los_Angeles");
  expect(listed.zones.map((z) => z.id)).toContain(zone.id);

  // The next 19:00 (Los Angeles) block: 3 places, all open.
  const first = await courier(baseURL!);
  const blocksOf = async (client = first.client) =>
    ((await (await client.get("/api/courier/blocks")).json()) as { blocks: Block[] }).blocks.filter((b) => b.zoneId === zone.id);
  const sevenPm = (await blocksOf()).find((b) => b.places === 3 && new Date(b.startsAt).getTime() > Date.now());
  expect(sevenPm).toMatchObject({ places: 3, booked: 0, open: 3, bookingId: null });
  const hour = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", hour: "numeric", hourCycle: "h23" }).format(new Date(sevenPm!.startsAt));
  expect(hour).toBe("19");

  const bookers = [first, await courier(baseURL!), await courier(baseURL!)];
  const places = [];
  for (const who of bookers) {
    const booked = await who.client.post("/api/courier/blocks", { zoneId: zone.id, startsAt: sevenPm!.startsAt });
    expect(booked.status()).toBe(201);
    places.push((await booked.json()).booking.place);
  }
  expect(places.sort()).toEqual([1, 2, 3]);
  const fourth = await (await courier(baseURL!)).client.post("/api/courier/blocks", { zoneId: zone.id, startsAt: sevenPm!.startsAt });
  expect(fourth.status()).toBe(409);
  expect((await fourth.json()).message).toBe("This block is full: every place is booked");
  expect((await blocksOf()).find((b) => b.startsAt === sevenPm!.startsAt)).toMatchObject({ places: 3, booked: 3, open: 0, bookingId: expect.any(Number) });
  // Not a courier: 403; nobody signed in: 401.
  expect((await operator.client.post("/api/courier/blocks", { zoneId: zone.id, startsAt: sevenPm!.startsAt })).status()).toBe(403);
  expect((await (await newClient(baseURL!)).get("/api/courier/blocks")).status()).toBe(401);

  // This hour's block has started: not listed, and refused beside startsAt.
  const booked = await courier(baseURL!, northOf(spot, 2.5));
  expect((await blocksOf(booked.client)).find((b) => b.startsAt === zone.thisHour.startsAt)).toBeUndefined();
  const started = await booked.client.post("/api/courier/blocks", { zoneId: zone.id, startsAt: zone.thisHour.startsAt });
  expect(started.status()).toBe(409);
  expect(await started.json()).toMatchObject({ errors: { startsAt: "This block has already started: book one that starts later" } });
  // One courier booked it before it started; another, nearer the restaurant, has none.
  await write((query) =>
    query(`INSERT INTO "ZoneBooking" ("zoneId", "courierId", "startsAt", "place", "createdAt") VALUES (?, ?, ?, 1, ?)`, [
      zone.id,
      booked.user.id,
      new Date(zone.thisHour.startsAt),
      new Date(Date.parse(zone.thisHour.startsAt) - 86_400_000),
    ]),
  );
  // The zone is still short this hour: a courier without a block goes on shift in it.
  const nearer = await courier(baseURL!, northOf(spot, 0.3));

  const owner = await signUpOwner(baseURL!);
  await placeRestaurant(owner.restaurant.id, spot);
  const customer = await signUpCustomer(baseURL!);
  await placeCustomer(customer.user.id, northOf(spot, -2));
  const created = await (
    await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 2 }] })
  ).json();
  const submitted = await customer.client.put(`/api/orders/${created.id}/submit`, standardCard);
  expect(submitted.status()).toBe(200);
  const accepted = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${created.id}/stage`, { stage: "accepted", prepMinutes: 10 });
  expect(accepted.status()).toBe(200);
  expect(await accepted.json()).toMatchObject({ delivery: { state: "unassigned" } });
  const jobsOf = async (who: typeof booked) => ((await (await who.client.get("/api/courier/jobs")).json()) as { jobs: { orderId: number; state: string }[] }).jobs;
  // Offered at the next dispatch tick.
  await expect.poll(() => jobsOf(booked)).toEqual([expect.objectContaining({ orderId: created.id, state: "offered" })]);
  expect(await jobsOf(nearer)).toEqual([]);
  // Off shift (the offer withdrawn): a later test that draws this spot finds no courier of this one's.
  for (const who of [booked, nearer]) expect((await who.client.put("/api/courier/shift", { onShift: false })).status()).toBe(200);
});
