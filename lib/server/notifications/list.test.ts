import { expect, it } from "vitest";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { installAppDb, setUpTestDatabase } from "../platform/testing/db";

// The bell's list (GET /api/notifications, one of the personal reads) read in plain SQL against a
// real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL): the same page, unread
// count and `more` as Prisma's findMany and count gave, only the person's sent in-app rows, and no
// statement through Prisma's client.

const test = setUpTestDatabase();
const prismaStatements: string[] = [];
// Loaded after setUpTestDatabase: the app's modules (sql.ts's readSql) must know this client's connection.
const { createDb } = await import("../platform/create-db");
installAppDb(createDb(test.url, { onQuery: (sql) => prismaStatements.push(sql) }), test.url);

const m = { db: (await import("../platform/db")).db, read: await import("./read") };
const { describeRowIn } = await import("./words");

/** The answer as Prisma's client read it (the shape the plain SQL must keep). */
async function prismaList(userId: number, page: { limit: number; offset: number }) {
  const where = { userId, channel: "in_app", state: "sent" };
  const rows = await m.db.notification.findMany({
    where,
    orderBy: { id: "desc" },
    skip: page.offset,
    take: page.limit + 1,
    select: { id: true, kind: true, payload: true, createdAt: true, readAt: true },
  });
  const unread = await m.db.notification.count({ where: { ...where, readAt: null } });
  return {
    notifications: rows.slice(0, page.limit).map((row) => {
      const payload = JSON.parse(row.payload) as NotificationPayload;
      return { id: row.id, kind: row.kind, ...describeRowIn("en", row.kind, payload), createdAt: row.createdAt.toISOString(), read: row.readAt !== null, payload };
    }),
    unread,
    more: rows.length > page.limit,
  };
}

it("answers the bell's pages as Prisma's client did (only the person's sent in-app rows, the unread count, more), without Prisma's client", async () => {
  const [me, other] = await Promise.all([m.db.user.create({ data: { firstName: "Ada" } }), m.db.user.create({ data: { firstName: "Bo" } })]);
  const row = (userId: number, i: number, channel = "in_app", state = "sent") => ({
    userId,
    kind: "review_received",
    cause: `review:${userId}:${i}:${channel}:${state}`,
    channel,
    state,
    payload: JSON.stringify({ restaurantName: "Dumpling House", restaurantId: 1, orderId: i, rating: 5 }),
    readAt: i % 3 === 0 ? new Date() : null,
  });
  await m.db.notification.createMany({
    data: [
      ...Array.from({ length: 7 }, (_, i) => row(me.id, i)),
      row(me.id, 20, "email"),
      row(me.id, 21, "in_app", "pending"),
      ...Array.from({ length: 3 }, (_, i) => row(other.id, i)),
    ],
  });
  const signedIn = await m.db.user.findUniqueOrThrow({ where: { id: me.id } });
  for (const page of [
    { limit: 3, offset: 0 },
    { limit: 3, offset: 3 },
    { limit: 3, offset: 6 },
    { limit: 20, offset: 0 },
  ]) {
    const expected = await prismaList(me.id, page);
    prismaStatements.length = 0;
    expect(await m.read.listNotifications(signedIn, page)).toEqual(expected);
    expect(prismaStatements).toEqual([]);
  }
  const all = await m.read.listNotifications(signedIn, { limit: 20, offset: 0 });
  expect(all).toMatchObject({ unread: 4, more: false });
  expect(all.notifications).toHaveLength(7);
});

it("titles the bell's rows in the request's language; English is the bell's own words", async () => {
  const me = await m.db.user.create({ data: { firstName: "Eva" } });
  const payload = JSON.stringify({ orderId: 77, restaurantId: 1 });
  await m.db.notification.create({ data: { userId: me.id, kind: "owner_new_order", cause: `new:${me.id}`, channel: "in_app", state: "sent", payload } });
  const signedIn = await m.db.user.findUniqueOrThrow({ where: { id: me.id } });
  const titles = async (locale?: "en" | "es") => (await m.read.listNotifications(signedIn, { limit: 5 }, locale)).notifications.map((row) => [row.title, row.href]);
  expect(await titles()).toEqual([["New order #77", "/restaurants/1/orders"]]);
  expect(await titles("en")).toEqual(await titles());
  expect(await titles("es")).toEqual([["Nuevo pedido n.º 77", "/restaurants/1/orders"]]);
});
