import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { GROUP_SAID } from "@/lib/contract/group-orders/rules";
import { restaurantInput, setUpTestDatabase, walletCentsOf } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Group orders against a real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// the token as capability, who may change what, the limits, and the races the version bump
// orders (two adds at once, lock against add, two checkouts at once), with the money.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  changes: {
    ...(await import("./create")),
    ...(await import("./read")),
    ...(await import("./join")),
    ...(await import("./add-line")),
    ...(await import("./update-line")),
    ...(await import("./remove-line")),
    ...(await import("./lock-and-deadline")),
    ...(await import("./cancel")),
  },
  checkout: await import("./group-checkout"),
};
const { db } = m;

async function person(firstName: string, walletCents = 0): Promise<User> {
  const user = await db.user.create({ data: { firstName } });
  if (walletCents) await db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function shop() {
  const owner = await person("Owner");
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const size = await db.optionGroup.create({
    data: {
      menuItemId: dish.id,
      name: "Size",
      minChoices: 1,
      maxChoices: 1,
      position: 0,
      options: {
        create: [
          { name: "Regular", priceDeltaCents: 0, position: 0 },
          { name: "Large", priceDeltaCents: 350, position: 1 },
        ],
      },
    },
    include: { options: { orderBy: { position: "asc" } } },
  });
  const plain = await db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Tea", description: "Hot.", priceCents: 300, foodImage: "/t.webp", foodType: "beverage" },
  });
  return { owner, restaurant, dish, regular: size.options[0]!, large: size.options[1]!, plain };
}

const tx = <T>(fn: (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) => Promise<T>) => db.$transaction(fn);
const create = (user: User, restaurantId: number, now?: Date) => m.changes.createGroup(user, restaurantId, now);
const join = (user: User, token: string, name = user.firstName, now?: Date) => m.changes.joinGroup(user, token, name, now);
const add = (user: User, token: string, menuItemId: number, options: number[] = [], quantity = 1, now?: Date) =>
  m.changes.addGroupLine(user, token, { menuItemId, quantity, options }, now);
const lock = (user: User, token: string) => m.changes.updateGroup(user, token, { locked: true });
const walletPay = submitOrderSchema.parse({ deliveryOption: "standard", tip: 2, paymentMethod: "wallet" });
const checkout = (user: User, token: string, input = walletPay) => tx((t) => m.checkout.checkoutGroup(t, user, token, input, paymentFor(input)));
const walletOf = (user: User) => walletCentsOf(db, user.id);

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string; errors?: Record<string, string> }> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status: number; message: string; errors?: Record<string, string> } | null;
  if (!error) throw new Error("expected a refusal");
  return { status: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
}

describe("the token", () => {
  it("is 128 bits of base64url; a wrong, canceled or expired token is a 404 like a missing one", async () => {
    const { restaurant } = await shop();
    const host = await person("Hana");
    const stranger = await person("Sid");
    const group = await create(host, restaurant.id);
    expect(group.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(group).toMatchObject({
      status: "open",
      host: { name: "Hana" },
      you: { isHost: true },
      participants: [{ displayName: "Hana", isHost: true, subtotal: 0, lineCount: 0 }],
    });
    // Anyone signed in with the token reads it before joining.
    expect((await m.changes.readGroup(stranger, group.token, undefined))!.you).toEqual({ participantId: null, isHost: false });
    expect(await failure(m.changes.readGroup(stranger, group.token.slice(1) + "A", undefined))).toMatchObject({
      status: 404,
      message: "Group order not found",
    });
    expect(await failure(m.changes.readGroup(stranger, "../../etc", undefined))).toMatchObject({ status: 404 });
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(await failure(m.changes.readGroup(host, group.token, undefined, later))).toMatchObject({ status: 404 });
    expect(await failure(join(stranger, group.token, "Sid", later))).toMatchObject({ status: 404 });
    await m.changes.cancelGroup(host, group.token);
    expect(await failure(m.changes.readGroup(host, group.token, undefined))).toMatchObject({ status: 404 });
  });

  it("?since answers null while the version holds and the group once anything changed", async () => {
    const { restaurant, plain } = await shop();
    const host = await person("Hana");
    const group = await create(host, restaurant.id);
    expect(await m.changes.readGroup(host, group.token, group.version)).toBeNull();
    const after = await add(host, group.token, plain.id);
    expect(after.version).toBeGreaterThan(group.version);
    expect((await m.changes.readGroup(host, group.token, group.version))!.lines).toHaveLength(1);
  });

  it("refuses a restaurant that is not taking orders", async () => {
    const { restaurant } = await shop();
    await db.restaurant.update({ where: { id: restaurant.id }, data: { servicing: false } });
    expect(await failure(create(await person("Hana"), restaurant.id))).toEqual({ status: 409, message: "This restaurant is not taking orders right now" });
  });
});

describe("lines", () => {
  it("are priced like cart lines with their options; the dish must be this restaurant's and the choices must fit", async () => {
    const { restaurant, dish, large, plain } = await shop();
    const other = await shop();
    const host = await person("Hana");
    const group = await create(host, restaurant.id);
    const after = await add(host, group.token, dish.id, [large.id], 2);
    expect(after.lines).toEqual([
      expect.objectContaining({
        name: "Dumplings",
        quantity: 2,
        unitPrice: 13.5,
        lineTotal: 27,
        options: [{ name: "Large", priceDelta: 3.5 }],
        mine: true,
        participantName: "Hana",
      }),
    ]);
    expect(after.subtotal).toBe(27);
    expect(await failure(add(host, group.token, other.dish.id))).toMatchObject({
      status: 400,
      errors: { menuItemId: `Menu item ${other.dish.id} is not on this restaurant's menu` },
    });
    expect(await failure(add(host, group.token, dish.id, []))).toMatchObject({ status: 400, errors: { options: "Choose 1 Size for Dumplings" } });
    expect(await failure(m.changes.addGroupLine(host, group.token, { menuItemId: plain.id, quantity: 1, instructions: "hot" }))).toMatchObject({
      status: 400,
      errors: { instructions: "Tea does not take special instructions" },
    });
    expect((await m.changes.readGroup(host, group.token, undefined))!.lines).toHaveLength(1);
  });

  it("change only their own lines; the host removes anyone's; a stranger must join first", async () => {
    const { restaurant, plain } = await shop();
    const [host, ana, ben, sid] = [await person("Hana"), await person("Ana"), await person("Ben"), await person("Sid")];
    const group = await create(host, restaurant.id);
    await join(ana, group.token, "Ana B");
    await join(ben, group.token);
    expect(await failure(add(sid, group.token, plain.id))).toEqual({ status: 403, message: "Join this group order first" });
    const anaLine = (await add(ana, group.token, plain.id)).lines[0]!;
    expect(await failure(m.changes.updateGroupLine(ben, group.token, anaLine.id, 3))).toEqual({ status: 403, message: "You can only change your own items" });
    expect(await failure(m.changes.removeGroupLine(ben, group.token, anaLine.id))).toEqual({ status: 403, message: "You can only change your own items" });
    expect(await failure(m.changes.updateGroupLine(host, group.token, anaLine.id, 3))).toEqual({ status: 403, message: "You can only change your own items" });
    expect((await m.changes.updateGroupLine(ana, group.token, anaLine.id, 3)).lines[0]).toMatchObject({ quantity: 3, lineTotal: 9 });
    expect(await failure(lock(ana, group.token))).toEqual({ status: 403, message: "Only the host can do this" });
    expect(await failure(m.changes.cancelGroup(ana, group.token))).toEqual({ status: 403, message: "Only the host can do this" });
    expect(await failure(checkout(ana, group.token))).toEqual({ status: 403, message: "Only the host can do this" });
    expect((await m.changes.removeGroupLine(host, group.token, anaLine.id)).lines).toEqual([]);
    // Joining again renames, it does not add a second participant.
    expect((await join(ana, group.token, "Ana")).participants.map((p) => p.displayName)).toEqual(["Hana", "Ana", "Ben"]);
  });

  it("stop at 25 participants and 100 lines", async () => {
    const { restaurant, plain, dish, regular, large } = await shop();
    const host = await person("Hana");
    const group = await create(host, restaurant.id);
    for (let i = 1; i < 25; i++) await join(await person(`P${i}`), group.token);
    expect(await failure(join(await person("Late"), group.token))).toEqual({ status: 409, message: "This group order is full" });
    const rows = Array.from({ length: 99 }, () => ({ groupId: 0, participantId: 0, menuItemId: plain.id, quantity: 1 }));
    const g = await db.groupOrder.findUniqueOrThrow({ where: { token: group.token }, include: { participants: true } });
    await db.groupLine.createMany({ data: rows.map((row) => ({ ...row, groupId: g.id, participantId: g.participants[0]!.id })) });
    await add(host, group.token, dish.id, [regular.id]);
    expect(await failure(add(host, group.token, dish.id, [large.id]))).toEqual({ status: 409, message: inEnglish(GROUP_SAID.tooManyLines) });
    // More of a line already there is no new line.
    expect((await add(host, group.token, dish.id, [regular.id])).lines).toHaveLength(100);
  });

  it("the same dish with the same choices is one line per person: the quantities add up, at most 20", async () => {
    const { restaurant, dish, regular, large, plain } = await shop();
    const [host, ana] = [await person("Hana"), await person("Ana")];
    const group = await create(host, restaurant.id);
    await join(ana, group.token);
    await add(host, group.token, dish.id, [large.id], 2);
    await add(host, group.token, dish.id, [large.id], 3);
    await add(host, group.token, dish.id, [regular.id]);
    await add(ana, group.token, dish.id, [large.id]);
    await m.changes.addGroupLine(host, group.token, { menuItemId: plain.id, quantity: 1, instructions: undefined });
    const after = await add(host, group.token, plain.id, [], 1);
    expect(after.lines.map((line) => [line.participantName, line.name, line.options.map((o) => o.name), line.quantity, line.lineTotal])).toEqual([
      ["Hana", "Dumplings", ["Large"], 5, 67.5],
      ["Hana", "Dumplings", ["Regular"], 1, 10],
      ["Ana", "Dumplings", ["Large"], 1, 13.5],
      ["Hana", "Tea", [], 2, 6],
    ]);
    expect(await failure(add(host, group.token, dish.id, [large.id], 16))).toEqual({
      status: 400,
      message: "You already have 5 of Dumplings in this group order: at most 20 in one line",
      errors: { quantity: "You already have 5 of Dumplings in this group order: at most 20 in one line" },
    });
    const now = (await m.changes.readGroup(host, group.token, undefined))!;
    expect([now.version, now.lines[0]!.quantity]).toEqual([after.version, 5]);
    expect((await add(host, group.token, dish.id, [large.id], 15)).lines[0]!.quantity).toBe(20);
  });

  it("stop at the lock and, for participants, at the deadline", async () => {
    const { restaurant, plain } = await shop();
    const [host, ana] = [await person("Hana"), await person("Ana")];
    const group = await create(host, restaurant.id);
    await join(ana, group.token);
    const soon = new Date(Date.now() + 60_000);
    expect((await m.changes.updateGroup(host, group.token, { deadline: soon.toISOString() })).deadline).toBe(soon.toISOString());
    expect(await failure(m.changes.updateGroup(host, group.token, { deadline: new Date(Date.now() - 1000).toISOString() }))).toMatchObject({
      status: 400,
      errors: { deadline: "deadline must be an ISO date and time in the future, before the group order expires" },
    });
    const past = new Date(soon.getTime() + 1000);
    expect(await failure(add(ana, group.token, plain.id, [], 1, past))).toEqual({ status: 409, message: inEnglish(GROUP_SAID.locked) });
    await add(host, group.token, plain.id, [], 1, past); // the host still can
    await lock(host, group.token);
    expect(await failure(add(host, group.token, plain.id))).toEqual({ status: 409, message: inEnglish(GROUP_SAID.locked) });
    expect(await failure(join(await person("Late"), group.token))).toEqual({ status: 409, message: inEnglish(GROUP_SAID.locked) });
    await m.changes.updateGroup(host, group.token, { locked: false, deadline: null });
    expect((await add(ana, group.token, plain.id)).lines).toHaveLength(2);
  });
});

describe("races", () => {
  it("ten people adding at once all land", async () => {
    const { restaurant, plain } = await shop();
    const host = await person("Hana");
    const group = await create(host, restaurant.id);
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => person(`P${i}`)));
    for (const p of people) await join(p, group.token);
    const results = await Promise.allSettled(people.map((p) => add(p, group.token, plain.id)));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const after = (await m.changes.readGroup(host, group.token, undefined))!;
    expect(after.lines).toHaveLength(10);
    expect(after.version).toBe(group.version + 20); // 10 joins, 10 adds: no bump lost
  });

  it("a lock while people add: every add either landed before it or was refused, never half", async () => {
    const { restaurant, plain } = await shop();
    const host = await person("Hana");
    const group = await create(host, restaurant.id);
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => person(`P${i}`)));
    for (const p of people) await join(p, group.token);
    const adds = people.map((p) => add(p, group.token, plain.id));
    const [locked, ...results] = await Promise.allSettled([lock(host, group.token), ...adds]);
    expect(locked.status).toBe("fulfilled");
    const landed = results.filter((r) => r.status === "fulfilled").length;
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).message).toBe(inEnglish(GROUP_SAID.locked));
    const lines = await db.groupLine.count({ where: { group: { token: group.token } } });
    expect(lines).toBe(landed);
    // Checkout charges exactly the lines there are: 3.00 each (with the host's own, so never empty).
    await m.changes.updateGroup(host, group.token, { locked: false });
    await add(host, group.token, plain.id);
    await lock(host, group.token);
    await db.$transaction((t) => m.ledger.moveWallet(m.sql.sqlOf(t), { userId: host.id, amountCents: 100_00, kind: "topup" }));
    const { order } = await checkout(await db.user.findUniqueOrThrow({ where: { id: host.id } }), group.token);
    expect(order.subtotal).toBe((landed + 1) * 3);
  });

  it("two checkouts at once charge once", async () => {
    const { restaurant, plain } = await shop();
    const host = await person("Hana", 100_00);
    const group = await create(host, restaurant.id);
    await add(host, group.token, plain.id);
    await lock(host, group.token);
    const results = await Promise.allSettled([checkout(host, group.token), checkout(host, group.token)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe("This group order was already placed");
    expect(await db.walletTransaction.count({ where: { userId: host.id, kind: "payment" } })).toBe(1);
  });
});

describe("checkout", () => {
  it("is the host's order of exactly the locked lines, one wallet charge = total = everyone's subtotals + fees", async () => {
    const { restaurant, dish, large, regular, plain } = await shop();
    const [host, ana, ben] = [await person("Hana", 200_00), await person("Ana"), await person("Ben")];
    const group = await create(host, restaurant.id);
    await join(ana, group.token, "Ana");
    await join(ben, group.token, "Ana"); // two people called Ana
    await add(host, group.token, plain.id, [], 2);
    await add(ana, group.token, dish.id, [large.id]);
    await add(ben, group.token, dish.id, [regular.id], 3);
    expect(await failure(checkout(host, group.token))).toEqual({ status: 409, message: "Lock the group order before checking out" });
    await lock(host, group.token);
    const before = await walletOf(host);
    const { order, group: placed } = await checkout(host, group.token);
    expect(placed).toMatchObject({ status: "placed", order: { id: order.id } });
    expect(order).toMatchObject({ status: "Submitted", stage: "placed", subtotal: 6 + 13.5 + 30, tip: 2 });
    expect(order.group).toEqual({
      hostName: "Hana",
      participants: [
        { name: "Hana", subtotal: 6 },
        { name: "Ana", subtotal: 13.5 },
        { name: "Ana (2)", subtotal: 30 },
      ],
    });
    expect(order.orderItems.map((line) => [line.name, line.addedBy, line.options.map((o) => o.name)])).toEqual([
      ["Tea", "Hana", []],
      ["Dumplings", "Ana", ["Large"]],
      ["Dumplings", "Ana (2)", ["Regular"]],
    ]);
    const paid = before - (await walletOf(host));
    expect(paid).toBe(Math.round(order.totalCost * 100));
    const fees = order.deliveryFee + order.priorityFee + order.serviceFee + order.tip;
    expect(Math.round((order.group!.participants.reduce((sum, p) => sum + p.subtotal, 0) + fees) * 100)).toBe(paid);
    expect(await db.walletTransaction.count({ where: { userId: host.id, kind: "payment" } })).toBe(1);
    // Participants follow the order through the group; a stranger now gets a 404.
    expect((await m.changes.readGroup(ana, group.token, undefined))!.order!.id).toBe(order.id);
    const sid = await person("Sid");
    expect(await failure(m.changes.readGroup(sid, group.token, undefined))).toMatchObject({ status: 404 });
    expect(await failure(add(ana, group.token, plain.id))).toEqual({ status: 409, message: "This group order was already placed" });
  });

  it("refuses an empty group, a short wallet and a total the host did not see, and then nothing changed", async () => {
    const { restaurant, plain } = await shop();
    const host = await person("Hana", 5_00);
    const group = await create(host, restaurant.id);
    await lock(host, group.token);
    expect(await failure(checkout(host, group.token))).toMatchObject({ status: 400, message: "This group order has no items yet" });
    await m.changes.updateGroup(host, group.token, { locked: false });
    await add(host, group.token, plain.id, [], 5);
    await lock(host, group.token);
    expect(await failure(checkout(host, group.token))).toMatchObject({ status: 400, message: "Insufficient funds in your wallet." });
    const shown = submitOrderSchema.parse({ deliveryOption: "standard", tip: 0, paymentMethod: "card", expectedTotal: 1 });
    expect(await failure(checkout(host, group.token, shown))).toMatchObject({
      status: 409,
      errors: { expectedTotal: "Prices changed since you opened checkout. Review your order." },
    });
    const after = await db.groupOrder.findUniqueOrThrow({ where: { token: group.token } });
    expect([after.status, after.orderId, await walletOf(host), await db.order.count({ where: { userId: host.id } })]).toEqual(["locked", null, 5_00, 0]);
  });
});
