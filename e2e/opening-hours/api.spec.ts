import { expect, test } from "../fixtures";
import { everyDay, localDateKey, wallClock, type OpeningHours, type WeeklyHours } from "@/lib/shared/time/opening-hours";
import { closedNowMessage, scheduleSlots } from "@/lib/shared/time/schedule";
import { englishSlots } from "@/lib/contract/testing/in-english";
import { restaurantBody, signUpOwner } from "../support/owner";
import { createOrder, standardWallet, walletOf } from "../support/orders";
import type { Client } from "../support/api";

// Opening hours through the API (lib/shared/time/opening-hours.ts): the owner sets them, the
// restaurant's JSON says whether it is open, /api/restaurants?open=true filters, and submit
// refuses an order for now while closed (409) and a slot outside the hours (400). Hours are set
// relative to the time of the test, so it passes at any hour.

const LA = "America/Los_Angeles";
const hh = (hour: number) => `${String(((hour % 24) + 24) % 24).padStart(2, "0")}:00`;

/** Every day open from 2 to 4 hours after the current Los Angeles hour: closed now, open later today or tonight. */
function laterToday(): WeeklyHours {
  const hour = wallClock(new Date(), LA).hour;
  return everyDay({ open: hh(hour + 2), close: hh(hour + 4) });
}

async function setHours(client: Client, id: number, body: Record<string, unknown>) {
  const response = await client.put(`/api/manage/${id}`, body);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).restaurant as OpeningHours & { name: string; openNow: boolean; nextChange: string | null; closingTime: string };
}

test.describe("opening hours", () => {
  test("closed now: the JSON says so, submit for now is a 409 naming the first slot, a slot outside the hours a 400, one inside is placed", async ({
    owner,
    customer,
  }) => {
    const restaurant = await setHours(owner.client, owner.restaurant.id, { timeZone: LA, hours: laterToday() });
    expect(restaurant).toMatchObject({ openNow: false, timeZone: LA, closures: [] });
    expect(new Date(restaurant.nextChange!).getTime()).toBeGreaterThan(Date.now());
    const order = await createOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
    const before = await walletOf(customer.client);

    const now = await customer.client.put(`/api/orders/${order.id}/submit`, standardWallet);
    expect(now.status()).toBe(409);
    const refusal = await now.json();
    expect(refusal.message).toBe(closedNowMessage(restaurant.name, new Date(), restaurant, englishSlots));
    expect(refusal.message).toMatch(/ is closed right now\. You can schedule an order for (today|tomorrow) at \d{1,2}:00 [AP]M\.$/);

    const slots = scheduleSlots(new Date(), restaurant, englishSlots);
    const first = slots[0]!.slots[0]!.value;
    const outside = new Date(new Date(first).getTime() - 60 * 60_000).toISOString(); // an hour before opening
    const bad = await customer.client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, deliveryOption: "schedule", scheduledFor: outside });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("scheduledFor");
    expect(await walletOf(customer.client)).toBe(before);

    const placed = await customer.client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, deliveryOption: "schedule", scheduledFor: first });
    expect(placed.status()).toBe(200);
    expect(await placed.json()).toMatchObject({ status: "Submitted", deliveryOption: "schedule", scheduledFor: first });
  });

  test("a closure for today closes an around-the-clock restaurant; removing it opens it again", async ({ owner }) => {
    expect(owner.restaurant).toMatchObject({ openNow: true, nextChange: null, timeZone: LA });
    const today = localDateKey(new Date(), LA);
    const closed = await setHours(owner.client, owner.restaurant.id, { closures: [{ from: today, to: today }] });
    expect(closed).toMatchObject({ openNow: false, closures: [{ from: today, to: today }] });
    expect(await setHours(owner.client, owner.restaurant.id, { closures: [] })).toMatchObject({ openNow: true });
  });

  test("the owner's hours are validated field by field, and a refused update changes nothing", async ({ owner }) => {
    const put = (body: Record<string, unknown>) => owner.client.put(`/api/manage/${owner.restaurant.id}`, body);
    const week = everyDay({ open: "11:00", close: "22:00" });
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          hours: {
            ...week,
            mon: [
              { open: "11:00", close: "14:30" },
              { open: "14:00", close: "22:00" },
            ],
          },
        },
        "hours.mon.1.open",
      ],
      [{ hours: { ...week, tue: [{ open: "11:00", close: "25:00" }] } }, "hours.tue.0.close"],
      [{ hours: { ...week, wed: [{ open: "7:00", close: "10:00" }] } }, "hours.wed.0.open"],
      [{ hours: { ...week, thu: [{ open: "09:00", close: "09:00" }] } }, "hours.thu.0.close"],
      [
        {
          hours: {
            ...week,
            fri: [
              { open: "06:00", close: "08:00" },
              { open: "09:00", close: "12:00" },
              { open: "13:00", close: "15:00" },
            ],
          },
        },
        "hours.fri",
      ],
      [
        {
          hours: {
            ...week,
            sat: [
              { open: "18:00", close: "02:00" },
              { open: "23:00", close: "23:30" },
            ],
          },
        },
        "hours.sat.1.open",
      ],
      [{ hours: { mon: [] } }, "hours.tue"],
      [{ closures: [{ from: "2099-01-05", to: "2099-01-02" }] }, "closures.0.to"],
      [{ closures: [{ from: "2020-01-01", to: "2020-01-02" }] }, "closures.0.to"],
      [{ closures: [{ from: "2099-02-30", to: "2099-03-01" }] }, "closures.0.from"],
      [{ closures: Array.from({ length: 21 }, () => ({ from: "2099-01-01", to: "2099-01-01" })) }, "closures"],
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
    ];
    for (const [body, field] of cases) {
      const response = await put(body);
      expect(response.status(), field).toBe(400);
      expect(Object.keys((await response.json()).errors), field).toContain(field);
    }
    // Across midnight, 24:00, a closed day and two intervals are accepted.
    const fine = {
      ...week,
      mon: [],
      fri: [
        { open: "11:00", close: "14:30" },
        { open: "17:00", close: "02:00" },
      ],
      sun: [{ open: "00:00", close: "24:00" }],
    };
    expect(await setHours(owner.client, owner.restaurant.id, { hours: fine, timeZone: "Asia/Tokyo" })).toMatchObject({ hours: fine, timeZone: "Asia/Tokyo" });
    expect((await put({ hours: { ...fine, mon: "closed" } })).status()).toBe(400);
    const { restaurant } = await (await owner.client.get(`/api/restaurants/${owner.restaurant.id}`)).json();
    expect(restaurant).toMatchObject({ hours: fine, timeZone: "Asia/Tokyo" });
  });

  test("businessHours and closingTime are written from the weekly schedule; a sent businessHours text is checked, then ignored", async ({ owner, customer }) => {
    // Created by a client that sends only the spec's text: open around the clock, the text says so.
    expect(owner.restaurant).toMatchObject({ businessHours: "Mon-Sun Open 24 hours (12:00 AM - 12:00 AM)", closingTime: "22:00" });
    const week = { ...everyDay({ open: "11:00", close: "22:00" }), mon: [] };
    const text = "Mon Closed; Tue-Sun 11:00 AM - 10:00 PM";
    expect(await setHours(owner.client, owner.restaurant.id, { hours: week, businessHours: "9:00 AM - 5:00 PM" })).toMatchObject({ hours: week, businessHours: text });
    // Text alone changes nothing; text without a time is the spec's 400.
    expect(await setHours(owner.client, owner.restaurant.id, { businessHours: "9:00 AM - 5:00 PM", closingTime: "17:00" })).toMatchObject({
      hours: week,
      businessHours: text,
    });
    const refused = await owner.client.put(`/api/manage/${owner.restaurant.id}`, { businessHours: "All day" });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({ businessHours: "Business hours must include a time with ':', like 11:00 AM - 10:00 PM" });
    // The owner's list and what customers read say the same.
    const mine = (await (await owner.client.get("/api/manage/")).json()).restaurants.find((r: { id: number }) => r.id === owner.restaurant.id);
    const theirs = (await (await customer.client.get(`/api/restaurants/${owner.restaurant.id}`)).json()).restaurant;
    expect(mine).toMatchObject({ businessHours: text, hours: week });
    expect(theirs).toMatchObject({ businessHours: text, hours: week, closingTime: mine.closingTime });
    // A new restaurant sending a schedule needs no text.
    const { business_hours: _text, ...body } = restaurantBody({ hours: week });
    const created = await owner.client.post("/api/restaurants/", body);
    expect(created.status(), await created.text()).toBe(201);
    expect((await created.json()).restaurant).toMatchObject({ businessHours: text, hours: week });
  });

  test("another owner cannot change the hours (404) and they stay", async ({ owner, baseURL }) => {
    const other = await signUpOwner(baseURL!);
    const response = await other.client.put(`/api/manage/${owner.restaurant.id}`, { hours: everyDay() });
    expect(response.status()).toBe(404);
    const { restaurant } = await (await owner.client.get(`/api/restaurants/${owner.restaurant.id}`)).json();
    expect(restaurant.hours).toEqual(owner.restaurant.hours);
    await other.client.dispose();
  });

  test("GET /api/restaurants?open=true lists only the restaurants open now", async ({ owner, baseURL, api }) => {
    const other = await signUpOwner(baseURL!);
    await setHours(other.client, other.restaurant.id, { hours: laterToday() });
    const ids = async (query: string) => {
      const found: number[] = [];
      for (const restaurant of [owner.restaurant, other.restaurant]) {
        const page = await (await api.get(`/api/restaurants/?q=${encodeURIComponent(restaurant.name)}${query}`)).json();
        found.push(...page.restaurants.map((r: { id: number; openNow: boolean }) => r.id));
        if (query) expect(page.restaurants.every((r: { openNow: boolean }) => r.openNow)).toBe(true);
      }
      return found;
    };
    expect(await ids("")).toEqual(expect.arrayContaining([owner.restaurant.id, other.restaurant.id]));
    const open = await ids("&open=true");
    expect(open).toContain(owner.restaurant.id);
    expect(open).not.toContain(other.restaurant.id);
    const paged = await (await api.get("/api/restaurants/?open=true&limit=1")).json();
    expect(paged.restaurants).toHaveLength(1);
    expect((await api.get("/api/restaurants/?open=yes")).status()).toBe(400);
    await other.client.dispose();
  });
});
