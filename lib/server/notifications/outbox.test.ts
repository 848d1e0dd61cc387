import { once } from "node:events";
import Database from "better-sqlite3";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { setUpTestDatabase, installAppDb, testingOnPostgres } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { rejectionOf } from "@/lib/shared/orders/order-stages";

// The notification outbox against a real, migrated database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL; docs/architecture/notifications.md): rows written with the order's step on
// every checkout path, dedupe, preferences, the retry schedule, the lease across two workers, a
// crashed worker's row, and email through a real SMTP server parsed with mailparser.

const test = setUpTestDatabase();
// The app's client, created here with a query listener so the worker's statements can be counted.
const statements: string[] = [];
installAppDb((await import("../platform/create-db")).createDb(test.url, { onQuery: (sql) => statements.push(sql) }), test.url);

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  reject: await import("../orders/reject"),
  cancel: await import("../orders/cancel"),
  read: await import("../orders/read"),
  outbox: await import("./outbox"),
  worker: await import("./worker"),
  email: await import("../mail/email"),
  prefs: await import("./preferences"),
  list: await import("./read"),
  digest: await import("./digest"),
};

const { wallet, customer: newCustomer, shop: newShop } = await import("../platform/testing/fixtures");
const customer = () => newCustomer();
const shop = () => newShop();

/** The one-call checkout on the direct SQL path (sqlTransaction), as POST /api/orders without a key. */
async function checkout(user: User, s: Awaited<ReturnType<typeof shop>>) {
  return m.sql.sqlTransaction((sql) =>
    m.place.placeOrder(sql, user, { cart: { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }] } }, wallet, paymentFor(wallet)),
  );
}

const rowsOf = (where: { userId?: number; cause?: string }) =>
  m.db.notification.findMany({ where, orderBy: [{ id: "asc" }], select: { userId: true, kind: true, cause: true, channel: true, state: true } });

/** No email row of earlier tests waits for this test's worker. */
beforeEach(async () => {
  await m.db.notification.updateMany({ where: { state: "pending" }, data: { state: "skipped" } });
});

describe("writing", () => {
  it("a checkout writes the receipt and the owner's new order with the order, in_app sent and email pending, and the bells' wake-ups", async () => {
    const s = await shop();
    const user = await customer();
    const order = await checkout(user, s);
    const cause = `order:${order.id}:placed`;
    expect(await rowsOf({ cause })).toEqual([
      { userId: user.id, kind: "order_receipt", cause, channel: "in_app", state: "sent" },
      { userId: user.id, kind: "order_receipt", cause, channel: "email", state: "pending" },
      { userId: user.id, kind: "order_receipt", cause, channel: "push", state: "skipped" }, // no device subscribed (push.test.ts)
      { userId: s.owner.id, kind: "owner_new_order", cause, channel: "in_app", state: "sent" },
      { userId: s.owner.id, kind: "owner_new_order", cause, channel: "email", state: "pending" },
      { userId: s.owner.id, kind: "owner_new_order", cause, channel: "push", state: "skipped" },
    ]);
    const wakeUps = await m.db.orderEvent.findMany({ where: { orderId: order.id, stage: "notification" }, select: { userId: true, restaurantId: true } });
    expect(wakeUps).toEqual([
      { userId: user.id, restaurantId: null },
      { userId: s.owner.id, restaurantId: null },
    ]);
  });

  it("a customer who cancels is told of it with the refund, and the owner in the app", async () => {
    const s = await shop();
    const user = await customer();
    const order = await checkout(user, s);
    await m.cancel.cancelOrder(user, order.id);
    const cause = `order:${order.id}:canceled`;
    expect(await rowsOf({ cause })).toEqual([
      { userId: user.id, kind: "order_canceled", cause, channel: "in_app", state: "sent" },
      { userId: user.id, kind: "order_canceled", cause, channel: "email", state: "pending" },
      // Push: on for a cancel, but neither has a device, so recorded as skipped.
      { userId: user.id, kind: "order_canceled", cause, channel: "push", state: "skipped" },
      // A text moment (a problem with the order): its text recorded skipped, no number confirmed (lib/server/texts/texts.test.ts sends one).
      { userId: user.id, kind: "order_canceled", cause, channel: "sms", state: "skipped" },
      { userId: s.owner.id, kind: "owner_order_canceled", cause, channel: "in_app", state: "sent" },
      { userId: s.owner.id, kind: "owner_order_canceled", cause, channel: "email", state: "skipped" },
      { userId: s.owner.id, kind: "owner_order_canceled", cause, channel: "push", state: "skipped" },
    ]);
    const row = await m.db.notification.findFirstOrThrow({ where: { cause, userId: user.id, channel: "email" } });
    const mail = await m.email.renderMail(row);
    const api = await m.read.getReadableOrder(user, order.id);
    expect(mail.subject).toBe(`Order #${order.id} was canceled`);
    expect(mail.text).toContain(`$${api.totalCost.toFixed(2)} went back to your Nosh wallet.`);
    expect(mail.html).toContain(`$${api.totalCost.toFixed(2)} went back to your Nosh wallet.`);
  });

  it("every stage is told through the one event writer, on the Prisma path too, and the same cause twice is written once", async () => {
    const s = await shop();
    const user = await customer();
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] }),
    );
    const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
    await m.reject.rejectOrder(s.owner, s.restaurant.id, placed.id, rejectionOf("too_busy"));
    const kinds = (await rowsOf({ userId: user.id })).filter((row) => row.channel === "in_app" && row.cause.startsWith(`order:${placed.id}:`)).map((row) => row.kind);
    expect(kinds).toEqual(["order_receipt", "order_rejected"]);

    const input = { to: { userId: user.id }, kind: "payout_made" as const, cause: `payout:test-${placed.id}`, payload: { note: "test" } };
    await m.db.$transaction((tx) => m.outbox.notify(m.sql.sqlOf(tx), input));
    await m.db.$transaction((tx) => m.outbox.notify(m.sql.sqlOf(tx), input));
    expect(await rowsOf({ cause: input.cause })).toHaveLength(3); // in_app, email and push, once each
  });

  it("a channel turned off is written as skipped; the bell lists only what is on", async () => {
    const s = await shop();
    const user = await customer();
    await m.prefs.savePreferences(user, { preferences: [{ kind: "order_receipt", channel: "email", enabled: false }] });
    const order = await checkout(user, s);
    const mine = await rowsOf({ userId: user.id, cause: `order:${order.id}:placed` });
    expect(mine.map((row) => [row.channel, row.state])).toEqual([
      ["in_app", "sent"],
      ["email", "skipped"],
      ["push", "skipped"],
    ]);
    const page = await m.list.listNotifications(user, { limit: 20 });
    expect(page.unread).toBe(1);
    expect(page.notifications[0]).toMatchObject({ kind: "order_receipt", href: `/orders/${order.id}`, read: false });
  });
});

describe("delivering", () => {
  it("retries after 1, 5 and 30 minutes, then fails for good with the last error kept", async () => {
    const user = await customer();
    await m.db.$transaction((tx) => m.outbox.notify(m.sql.sqlOf(tx), { to: { userId: user.id }, kind: "payout_made", cause: "payout:retry", payload: {} }));
    const start = new Date(Date.now() + 1000);
    let clock = start;
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error(`mail server down (${calls})`);
    };
    const run = () => m.worker.deliverDue({ senders: { email: failing }, now: () => clock });
    const row = () => m.db.notification.findFirstOrThrow({ where: { cause: "payout:retry", channel: "email" } });
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

    expect(await run()).toMatchObject({ retried: 1 });
    expect(await row()).toMatchObject({ state: "pending", attempts: 1, nextAttemptAt: minutes(1), lastError: "mail server down (1)" });
    clock = minutes(0.9);
    expect(await run()).toMatchObject({ retried: 0, sent: 0 }); // not due yet
    clock = minutes(1);
    await run();
    expect(await row()).toMatchObject({ attempts: 2, nextAttemptAt: minutes(6) });
    clock = minutes(6);
    await run();
    expect(await row()).toMatchObject({ attempts: 3, nextAttemptAt: minutes(36) });
    clock = minutes(36);
    expect(await run()).toMatchObject({ failed: 1 });
    expect(await row()).toMatchObject({ state: "failed", attempts: 4, lastError: "mail server down (4)", lockedUntil: null });
    clock = minutes(600);
    await run();
    expect(calls).toBe(4);
  });

  it("two workers at once send each row once", async () => {
    const user = await customer();
    const items = Array.from({ length: 12 }, (_, i) => ({ to: { userId: user.id }, kind: "payout_made" as const, cause: `payout:race-${i}`, payload: {} }));
    await m.db.$transaction((tx) => m.outbox.notify(m.sql.sqlOf(tx), items));
    const sent: number[] = [];
    const slow = async (row: { id: number }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(row.id);
    };
    const now = () => new Date(Date.now() + 1000);
    const [a, b] = await Promise.all([m.worker.deliverDue({ senders: { email: slow }, now }), m.worker.deliverDue({ senders: { email: slow }, now })]);
    expect(a.sent + b.sent).toBe(12);
    expect(new Set(sent).size).toBe(12);
    expect(sent).toHaveLength(12);
    expect(await m.db.notification.count({ where: { cause: { startsWith: "payout:race-" }, channel: "email", state: "sent" } })).toBe(12);
  });

  it("a batch is claimed in one statement and its sent rows marked in one more, whatever their number", async () => {
    const user = await customer();
    const items = Array.from({ length: 12 }, (_, i) => ({ to: { userId: user.id }, kind: "payout_made" as const, cause: `payout:batch-${i}`, payload: {} }));
    await m.db.$transaction((tx) => m.outbox.notify(m.sql.sqlOf(tx), items));
    const sent: number[] = [];
    statements.length = 0;
    const result = await m.worker.deliverDue({ senders: { email: async (row) => void sent.push(row.id) }, now: () => new Date(Date.now() + 1000) });
    expect(result).toMatchObject({ sent: 12 });
    expect(sent).toHaveLength(12);
    expect(statements).toHaveLength(2);
    const rows = await m.db.notification.findMany({ where: { cause: { startsWith: "payout:batch-" }, channel: "email" } });
    expect(rows.map((row) => [row.state, row.attempts, row.lease, row.lockedUntil])).toEqual(rows.map(() => ["sent", 1, null, null]));
  });

  it("sends that use up half the lease give the rest of the batch back unsent, their attempt not counted", async () => {
    const user = await customer();
    const items = Array.from({ length: 3 }, (_, i) => ({ to: { userId: user.id }, kind: "payout_made" as const, cause: `payout:slow-${i}`, payload: {} }));
    await m.db.$transaction((tx) => m.outbox.notify(m.sql.sqlOf(tx), items));
    const t0 = new Date(Date.now() + 1000);
    let clock = t0;
    const sent: number[] = [];
    const slow = async (row: { id: number }) => {
      sent.push(row.id);
      clock = new Date(clock.getTime() + m.worker.LEASE_MS / 2);
    };
    expect(await m.worker.deliverDue({ senders: { email: slow }, now: () => clock })).toMatchObject({ sent: 1 });
    const rows = () => m.db.notification.findMany({ where: { cause: { startsWith: "payout:slow-" }, channel: "email" }, orderBy: { id: "asc" } });
    expect((await rows()).map((row) => [row.state, row.attempts, row.lease])).toEqual([
      ["sent", 1, null],
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
    // Given back: the next run claims them at once.
    expect(await m.worker.deliverDue({ senders: { email: slow }, now: () => clock })).toMatchObject({ sent: 1 });
    expect(await m.worker.deliverDue({ senders: { email: slow }, now: () => clock })).toMatchObject({ sent: 1 });
    expect(new Set(sent).size).toBe(3);
  });

  it("a row claimed by a worker that died is sent by another once its lease has run out, and only then", async () => {
    const user = await customer();
    await m.db.$transaction((tx) => m.outbox.notify(m.sql.sqlOf(tx), { to: { userId: user.id }, kind: "payout_made", cause: "payout:crash", payload: {} }));
    const row = await m.db.notification.findFirstOrThrow({ where: { cause: "payout:crash", channel: "email" } });
    const t0 = new Date(Date.now() + 1000);
    // The dead worker: claimed, never sent nor marked (kill -9 between the claim and the send).
    expect(await m.worker.claim(row.id, t0)).not.toBeNull();
    const sent: number[] = [];
    const sender = async (r: { id: number }) => void sent.push(r.id);
    await m.worker.deliverDue({ senders: { email: sender }, now: () => new Date(t0.getTime() + m.worker.LEASE_MS - 1) });
    expect(sent).toEqual([]);
    await m.worker.deliverDue({ senders: { email: sender }, now: () => new Date(t0.getTime() + m.worker.LEASE_MS) });
    expect(sent).toEqual([row.id]);
    expect(await m.db.notification.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ state: "sent", attempts: 2, lease: null });
  });
});

describe("email over a real SMTP server", () => {
  const received: ParsedMail[] = [];
  let up = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect: (_session, callback) => callback(up ? undefined : new Error("down for maintenance")),
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.listen(0, "127.0.0.1");
  const listening = once(server.server, "listening");
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const settings = async () => ({
    smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mailFrom: "Nosh <no-reply@nosh.test>",
    devMailbox: false,
  });
  const deliver = async (now = () => new Date(Date.now() + 1000)) => {
    await listening;
    const mail = await settings();
    return m.worker.deliverDue({ senders: { email: (row) => m.email.sendEmailWith(mail, row) }, now });
  };

  it("a burst of new orders: the owner gets three mails one by one, then one digest of the rest once the window has room; the bell has every order", async () => {
    const s = await shop();
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await checkout(await customer(), s));
    const mail = await settings();
    await listening;
    const t0 = new Date(Date.now() + 1000);
    const at = (ms: number) => m.worker.deliverDue({ senders: { email: (row, now) => m.email.sendEmailWith(mail, row, now) }, now: () => new Date(t0.getTime() + ms) });
    statements.length = 0;
    const ownerMails = () => received.filter((received) => (received.to as { text: string } | undefined)?.text === s.owner.email);

    expect(await at(0)).toMatchObject({ deferred: 5 });
    expect(ownerMails().map((received) => received.subject)).toEqual(orders.slice(0, 3).map((order) => `New order #${order.id}`));
    const waiting = { userId: s.owner.id, kind: "owner_new_order", channel: "email", state: "pending", lastError: m.digest.DIGEST_WAITING };
    expect(await m.db.notification.count({ where: waiting })).toBe(5);
    // Not before the ten minutes since the first mail have passed.
    await at(9 * 60_000);
    expect(ownerMails()).toHaveLength(3);
    await at(10 * 60_000 + 1000);
    expect(ownerMails()).toHaveLength(4);
    const digest = ownerMails()[3]!;
    expect(digest.subject).toBe("5 new orders");
    for (const order of orders.slice(3)) expect(digest.text).toContain(`Order #${order.id}, ${s.restaurant.name}`);
    expect(await m.db.notification.count({ where: { ...waiting, state: { in: ["pending", "failed"] } } })).toBe(0);
    await at(60 * 60_000);
    expect(ownerMails()).toHaveLength(4);
    // The board's bell heard of every order at once.
    expect(await m.db.notification.count({ where: { userId: s.owner.id, kind: "owner_new_order", channel: "in_app", state: "sent" } })).toBe(8);
    // The digest's reads of the owner's mails (recent, waiting, digested) find them by kind, channel
    // and state, not among everything the owner was ever told (SQLite's plans and Prisma's SQL for
    // it; no statistics, as in production). The test's own counts above read the same way.
    if (!testingOnPostgres) {
      const digestReads = [
        ...new Set(
          statements.filter((sql) => /FROM `main`\.`Notification` WHERE \(`main`\.`Notification`\.`userId` = \? AND `main`\.`Notification`\.`kind` = \?/.test(sql)),
        ),
      ];
      expect(digestReads.filter((sql) => /sentAt` > \?|lastError` = \?/.test(sql)).length).toBeGreaterThanOrEqual(3);
      const explainer = new Database(test.url.replace(/^file:/, ""), { readonly: true });
      for (const sql of digestReads) {
        const plan = (explainer.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from(sql.match(/\?/g)!, () => null)) as { detail: string }[]).map((row) => row.detail);
        expect(plan.join("\n")).toMatch(/USING (COVERING )?INDEX Notification_userId_kind_channel_state_sentAt_idx \(userId=\? AND kind=\? AND channel=\? AND state=\?/);
      }
      explainer.close();
    }
  });

  it("a burst claimed in one batch: the window counts the batch's own sends, and the waiting rows it holds go into one digest the worker does not send again", async () => {
    const s = await shop();
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await checkout(await customer(), s));
    const mail = await settings();
    await listening;
    const t0 = new Date(Date.now() + 1000);
    const ownerRows = () =>
      m.db.notification.findMany({
        where: { userId: s.owner.id, kind: "owner_new_order", channel: "email" },
        orderBy: { id: "asc" },
        select: { id: true, state: true, lastError: true, lease: true },
      });
    const claimed: number[] = [];
    const run = (ms: number) =>
      m.worker.deliverDue({
        senders: { email: (row, now) => m.email.sendEmailWith(mail, row, now) },
        now: () => new Date(t0.getTime() + ms),
        onClaim: (id) => claimed.push(id),
      });
    const ownerMails = () => received.filter((received) => (received.to as { text: string } | undefined)?.text === s.owner.email);
    const rows = await ownerRows();

    // One batch holds all eight (and the customers' receipts): three mails fill the window though none is marked sent yet.
    expect(await run(0)).toMatchObject({ sent: 8 + 3, deferred: 5 });
    expect(ownerMails()).toHaveLength(3);
    expect((await ownerRows()).map((row) => row.state)).toEqual([...Array(3).fill("sent"), ...Array(5).fill("pending")]);

    // The five waiting rows are claimed together: the first tells of the other four, which the worker then leaves alone.
    claimed.length = 0;
    expect(await run(10 * 60_000 + 1000)).toMatchObject({ sent: 1, deferred: 0 });
    expect(claimed).toEqual([rows[3]!.id]);
    expect(ownerMails()).toHaveLength(4);
    expect(ownerMails()[3]!.subject).toBe("5 new orders");
    expect((await ownerRows()).slice(3)).toEqual([
      { id: rows[3]!.id, state: "sent", lastError: null, lease: null },
      ...rows.slice(4).map((row) => ({ id: row.id, state: "skipped", lastError: m.digest.inDigestOf(rows[3]!.id), lease: null })),
    ]);
  });

  it("two workers at once in small batches on a burst's waiting mails: each order is told once, at most three mails in the window", async () => {
    const s = await shop();
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await checkout(await customer(), s));
    const mail = await settings();
    await listening;
    const t0 = new Date(Date.now() + 1000);
    const options = (ms: number, batch?: number) => ({ senders: { email: m.email.sendEmailWith.bind(null, mail) }, now: () => new Date(t0.getTime() + ms), batch });
    const ownerMails = () => received.filter((received) => (received.to as { text: string } | undefined)?.text === s.owner.email);
    await m.worker.deliverDue(options(0));
    expect(ownerMails()).toHaveLength(3);
    for (let i = 0; i < 3; i++) await Promise.all([m.worker.deliverDue(options(10 * 60_000 + 1000, 2)), m.worker.deliverDue(options(10 * 60_000 + 1000, 2))]);
    const later = ownerMails().slice(3);
    expect(later.length).toBeGreaterThanOrEqual(1);
    expect(later.length).toBeLessThanOrEqual(3);
    const told = later.flatMap((received) => {
      const single = /^New order #(\d+)$/.exec(received.subject ?? "");
      return single ? [Number(single[1])] : [...(received.text ?? "").matchAll(/Order #(\d+), /g)].map((match) => Number(match[1]));
    });
    expect(told.sort((a, b) => a - b)).toEqual(orders.slice(3).map((order) => order.id));
  });

  it("sends exactly one receipt per order, its total the API's, with text and HTML parts", async () => {
    const s = await shop();
    const user = await customer();
    const order = await checkout(user, s);
    await deliver();
    await deliver();
    const receipts = received.filter((mail) => mail.subject === `Your Nosh receipt for order #${order.id}`);
    expect(receipts).toHaveLength(1);
    const api = await m.read.getReadableOrder(user, order.id);
    const receipt = receipts[0]!;
    expect(receipt.text).toContain(`Total: $${api.totalCost.toFixed(2)}`);
    expect(receipt.text).toContain(`Subtotal: $${api.subtotal.toFixed(2)}`);
    expect(receipt.text).toContain(`Tip: $${api.tip.toFixed(2)}`);
    expect(receipt.text).toContain("2 x Dumplings");
    expect(receipt.html).toContain(`$${api.totalCost.toFixed(2)}`);
    expect(receipt.messageId).toMatch(/^<notification-\d+@nosh>$/);
    expect((receipt.to as { text: string }).text).toBe(user.email);
    expect(received.some((mail) => mail.subject === `New order #${order.id}`)).toBe(true);
  });

  it("the receipt's HTML part (React Email): its lines and total, a phone-width layout", async () => {
    const s = await shop();
    const user = await customer();
    const order = await checkout(user, s);
    await deliver();
    const receipt = received.find((mail) => mail.subject === `Your Nosh receipt for order #${order.id}`)!;
    const api = await m.read.getReadableOrder(user, order.id);
    const html = receipt.html as string;
    // The lines, each as a label cell and an amount cell, and the total equal to the API's.
    const cells = [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]!.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&"));
    expect(cells).toEqual(expect.arrayContaining(["2 x Dumplings", `$${(api.orderItems[0]!.price * 2).toFixed(2)}`, "Subtotal", `$${api.subtotal.toFixed(2)}`]));
    expect(cells[cells.indexOf("Total") + 1]).toBe(`$${api.totalCost.toFixed(2)}`);
    expect(html).toContain(s.restaurant.name);
    // Readable on a phone: a viewport, a fluid container at most 560px, no fixed width over 600px.
    expect(html).toMatch(/<meta[^>]*name="viewport"[^>]*width=device-width/);
    expect(html).toMatch(/max-width:560px/);
    const widths = [...html.matchAll(/(?:^|[;"\s])(?:min-)?width:\s*(\d+)px/g), ...html.matchAll(/\swidth="(\d+)"/g)].map((match) => Number(match[1]));
    expect(widths.filter((width) => width > 600)).toEqual([]);
    // The button to the order and the footer's links.
    expect(html).toContain(`/orders/${order.id}`);
    expect(html).toContain("Unsubscribe from these emails");
  });

  it("SMTP down while ordering: the order succeeds, and the mail arrives once the server is back", async () => {
    const s = await shop();
    const user = await customer();
    up = false;
    const order = await checkout(user, s);
    expect(order.stage).toBe("placed");
    const first = await deliver();
    expect(first.retried).toBeGreaterThanOrEqual(1);
    const row = await m.db.notification.findFirstOrThrow({ where: { userId: user.id, kind: "order_receipt", channel: "email" } });
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(row.lastError).toBeTruthy();
    up = true;
    await deliver(() => new Date(Date.now() + 2 * 60_000));
    expect(received.filter((mail) => mail.subject === `Your Nosh receipt for order #${order.id}`)).toHaveLength(1);
    expect(await m.db.notification.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ state: "sent", attempts: 2 });
  });
});
