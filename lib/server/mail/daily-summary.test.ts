import Database from "better-sqlite3";
import { expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { preferencesSchema } from "@/lib/contract/notifications/rules";
import { installAppDb, restaurantInput, setUpTestDatabase, testingOnPostgres } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The owner's daily summary and the outbox's pruning against a real, migrated database (SQLite,
// or PostgreSQL with TEST_DATABASE_URL), with the clock as an argument
// (docs/architecture/notification-mail.md "Daily summary", "Pruning").

const test = setUpTestDatabase();
// The app's client records Prisma's SQL: the "already written" check is explained below.
const statements: string[] = [];
installAppDb((await import("../platform/create-db")).createDb(test.url, { onQuery: (sql) => statements.push(sql) }), test.url);

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  summary: await import("./daily-summary"),
  message: await import("./message"),
  email: await import("./email"),
  prefs: await import("../notifications/preferences"),
};

const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
let serial = 0;

async function shop(timeZone?: string) {
  const owner = await m.db.user.create({ data: { firstName: "Olga", email: `owner${++serial}@example.com`, restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput(`Dumpling House ${serial}`));
  if (timeZone) await m.db.restaurant.update({ where: { id: restaurant.id }, data: { timeZone } });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}

async function customer(): Promise<User> {
  const user = await m.db.user.create({
    data: { firstName: "Ada", email: `ada${++serial}@example.com`, address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110" },
  });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 100_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

/** An order placed through the checkout, then moved to `stage` at `at` (the day under test). */
async function orderAt(s: Awaited<ReturnType<typeof shop>>, user: User, at: string, stage: string, quantity = 2) {
  const order = await m.sql.sqlTransaction((sql) =>
    m.place.placeOrder(sql, user, { cart: { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity }] } }, wallet, paymentFor(wallet)),
  );
  await m.db.order.update({ where: { id: order.id }, data: { stage, submittedAt: new Date(at) } });
  return order;
}

const summaries = (restaurantId: number) =>
  m.db.notification.findMany({ where: { kind: "owner_daily_summary", cause: { startsWith: `daily-summary:${restaurantId}:` } }, orderBy: { id: "asc" } });

it("once per restaurant and local day, after the local morning hour, with the day's figures; a repeat or a second instance writes nothing", async () => {
  const s = await shop(); // America/Los_Angeles: Nov 24 local is 08:00Z Nov 24 to 08:00Z Nov 25
  const user = await customer();
  await orderAt(s, user, "2026-11-24T09:00:00Z", "delivered"); // 01:00 local: counts
  await orderAt(s, user, "2026-11-25T07:30:00Z", "accepted", 3); // 23:30 local: counts
  await orderAt(s, user, "2026-11-24T20:00:00Z", "rejected");
  await orderAt(s, user, "2026-11-24T21:00:00Z", "canceled");
  await orderAt(s, user, "2026-11-24T07:59:00Z", "delivered"); // Nov 23 local: not counted
  await orderAt(s, user, "2026-11-25T08:01:00Z", "delivered"); // Nov 25 local: not counted
  const [first] = await m.db.order.findMany({ where: { restaurantId: s.restaurant.id }, orderBy: { id: "asc" }, take: 1 });
  await m.db.review.create({
    data: {
      userId: user.id,
      orderId: first!.id,
      restaurantId: s.restaurant.id,
      review: "Good.",
      orderRating: 4,
      restaurantRating: 4,
      createdAt: new Date("2026-11-24T18:00:00Z"),
    },
  });
  const tokyo = await shop("Asia/Tokyo");
  await orderAt(tokyo, user, "2026-11-25T03:00:00Z", "delivered"); // Nov 25, 12:00 in Tokyo

  // 06:59 in Los Angeles: not yet (Tokyo's Nov 24, told now, had no orders).
  expect(await m.summary.writeDailySummaries(new Date("2026-11-25T14:59:00Z"), 7)).toBe(0);
  expect(await summaries(s.restaurant.id)).toEqual([]);

  // 07:00 in Los Angeles; two instances at once, then a later pass and a restart: one row per channel.
  const at = new Date("2026-11-25T15:00:00Z");
  const counts = await Promise.all([m.summary.writeDailySummaries(at, 7), m.summary.writeDailySummaries(at, 7)]);
  expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  statements.length = 0;
  expect(await m.summary.writeDailySummaries(new Date("2026-11-25T20:00:00Z"), 7)).toBe(0);
  // The repeat's "already written" check reads the owners' summaries by their keys, not every
  // notification kept (by `cause` alone it walked the whole unique index, hourly, for each zone).
  if (!testingOnPostgres) {
    const check = statements.find((sql) => /FROM `main`\.`Notification` WHERE/.test(sql) && /`cause` IN/.test(sql))!;
    const explainer = new Database(test.url.replace(/^file:/, ""), { readonly: true });
    const plan = (explainer.prepare(`EXPLAIN QUERY PLAN ${check}`).all(...Array.from(check.match(/\?/g)!, () => null)) as { detail: string }[]).map((row) => row.detail);
    explainer.close();
    expect(plan.join("\n")).toMatch(/^SEARCH main\.Notification USING (COVERING )?INDEX \w+ \(userId=\? AND (cause|kind)=\?/);
  }
  const rows = await summaries(s.restaurant.id);
  expect(rows.map((row) => [row.userId, row.cause, row.channel, row.state])).toEqual([
    [s.owner.id, `daily-summary:${s.restaurant.id}:2026-11-24`, "in_app", "skipped"],
    [s.owner.id, `daily-summary:${s.restaurant.id}:2026-11-24`, "email", "pending"],
    [s.owner.id, `daily-summary:${s.restaurant.id}:2026-11-24`, "push", "skipped"],
  ]);
  const payload = JSON.parse(rows[1]!.payload);
  expect(payload.summary).toEqual({
    date: "2026-11-24",
    restaurantName: s.restaurant.name,
    placed: 4,
    sold: 2,
    sales: 50, // 2 + 3 dumplings at $10
    ratings: 1,
    averageRating: 4,
    rejected: 1,
    canceled: 1,
    expired: 0,
  });
  // Tokyo's morning comes later: its restaurant is not told yet, then once.
  expect(await summaries(tokyo.restaurant.id)).toEqual([]);
  expect(await m.summary.writeDailySummaries(new Date("2026-11-25T22:30:00Z"), 7)).toBe(1); // 07:30 Nov 26 in Tokyo
  expect((await summaries(tokyo.restaurant.id)).map((row) => row.cause)).toEqual([
    `daily-summary:${tokyo.restaurant.id}:2026-11-25`,
    `daily-summary:${tokyo.restaurant.id}:2026-11-25`,
    `daily-summary:${tokyo.restaurant.id}:2026-11-25`,
  ]);

  // The mail: the figures, the day through the app's date formatter, the insights link of that day.
  const mail = await m.email.renderMail(rows[1]!);
  expect(mail.to).toBe(s.owner.email);
  expect(mail.subject).toBe(`${s.restaurant.name} on Nov 24, 2026: 4 orders`);
  expect(mail.text).toContain("Orders placed: 4");
  expect(mail.text).toContain("Sales (items, before commission): $50.00");
  expect(mail.text).toContain("Average rating: 4.0 of 5 (1 review)");
  expect(mail.text).toContain("Rejected: 1");
  expect(mail.text).toContain("Canceled by the customer: 1");
  expect(mail.html).toContain(`/restaurants/${s.restaurant.id}/insights?from=2026-11-24&amp;to=2026-11-24`);
  expect(mail.html).toContain("$50.00");
});

it("a day without orders or reviews sends nothing; an owner who turned it off has the row skipped", async () => {
  const quiet = await shop();
  const busy = await shop();
  const user = await customer();
  await orderAt(busy, user, "2026-11-20T20:00:00Z", "delivered");
  const owner = await m.db.user.findUniqueOrThrow({ where: { id: busy.owner.id } });
  await m.prefs.savePreferences(owner as never, preferencesSchema.parse({ preferences: [{ kind: "owner_daily_summary", channel: "email", enabled: false }] }));
  const prefs = await m.prefs.getPreferences(owner as never);
  expect(prefs.kinds.find((kind) => kind.kind === "owner_daily_summary")?.channels).toEqual({ in_app: false, email: false, push: false });
  await m.summary.writeDailySummaries(new Date("2026-11-21T16:00:00Z"), 7);
  expect(await summaries(quiet.restaurant.id)).toEqual([]);
  expect((await summaries(busy.restaurant.id)).map((row) => [row.channel, row.state])).toEqual([
    ["in_app", "skipped"],
    ["email", "skipped"],
    ["push", "skipped"],
  ]);
});

it("pruning: sent and skipped rows after 30 days, failed after 90, never pending, at most a batch per pass", async () => {
  const user = await customer();
  const now = new Date(Date.now() + 3600_000); // the other tests' rows are minutes old: kept
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
  const rows: [string, number][] = [
    ["sent", 31],
    ["sent", 40],
    ["skipped", 35],
    ["sent", 29],
    ["failed", 60],
    ["failed", 91],
    ["pending", 200],
  ];
  for (const [i, [state, age]] of rows.entries()) {
    await m.db.notification.create({
      data: { userId: user.id, kind: "order_receipt", cause: `prune:${i}`, channel: "email", payload: "{}", state, nextAttemptAt: daysAgo(age), createdAt: daysAgo(age) },
    });
  }
  const left = async () => (await m.db.notification.findMany({ where: { cause: { startsWith: "prune:" } }, orderBy: { id: "asc" } })).map((row) => row.cause);
  // A batch of 2: the first two sent/skipped rows past 30 days (written first) and the failed one past 90.
  expect(await m.summary.pruneOutbox(now, 2)).toBe(3);
  expect(await left()).toEqual(["prune:2", "prune:3", "prune:4", "prune:6"]);
  expect(await m.summary.pruneOutbox(now, 2)).toBe(1);
  expect(await left()).toEqual(["prune:3", "prune:4", "prune:6"]);
  expect(await m.summary.pruneOutbox(now)).toBe(0);
});
