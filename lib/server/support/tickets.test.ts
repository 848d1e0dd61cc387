import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";

// The contact form and the operator's reply against a real, migrated database: a message opens
// a ticket in the queue (linked to one of the person's own orders only), at most 5 an hour; a
// reply answers it, reaches the person's notifications (the bell) and their mailbox over SMTP.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  support: await import("./tickets"),
  access: await import("./order-access"),
  worker: await import("../notifications/worker"),
  email: await import("../mail/email"),
};

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
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
smtp.listen(0, "127.0.0.1");
const listening = once(smtp.server, "listening");
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

let serial = 0;
const person = () => m.db.user.create({ data: { firstName: "Cleo", email: `cleo${++serial}-${Date.now()}@example.com` } });

describe("support messages", () => {
  it("a message reaches the queue; an order named must be the person's own", async () => {
    const cleo = await person();
    const other = await person();
    const order = await m.db.order.create({ data: { userId: other.id, restaurantName: "Lantern" } });
    await expect(m.support.openTicket(cleo, { topic: "order", orderId: order.id, message: "Where is my food please?" })).rejects.toMatchObject({
      errors: { orderId: "Choose one of your own orders" },
    });
    const ticket = await m.support.openTicket(other, { topic: "order", orderId: order.id, message: "Where is my food please?" });
    expect(ticket).toMatchObject({ status: "open", orderId: order.id, replies: [] });
    const guest = await m.db.user.create({ data: { firstName: "Guest", guestAccount: true } });
    await expect(m.support.openTicket(guest, { topic: "other", orderId: null, message: "I am only a guest here" })).rejects.toMatchObject({ status: 403 });
    const queue = await m.support.supportQueue("open", { limit: 50, offset: 0 });
    expect(queue.tickets.find((t) => t.id === ticket.id)).toMatchObject({ person: { id: other.id, name: "Cleo" }, message: "Where is my food please?" });
  });

  it("at most 5 messages an hour per person: the 6th is a 429 and writes nothing", async () => {
    const cleo = await person();
    for (let i = 0; i < 5; i++) await m.support.openTicket(cleo, { topic: "other", orderId: null, message: `Message number ${i}` });
    await expect(m.support.openTicket(cleo, { topic: "other", orderId: null, message: "One message too many" })).rejects.toMatchObject({ status: 429 });
    expect(await m.db.supportTicket.count({ where: { userId: cleo.id } })).toBe(5);
  });

  it("an operator's reply answers the message and reaches the person in the bell and by email", async () => {
    await listening;
    const cleo = await person();
    const operator = await m.db.user.create({ data: { firstName: "Olga", operator: true } });
    const ticket = await m.support.openTicket(cleo, { topic: "payment", orderId: null, message: "I was charged twice." });
    const answered = await m.support.replyToTicket(operator, { ticketId: ticket.id, body: "We refunded the second charge.\n\nIt shows in 3 days." });
    expect(answered).toMatchObject({ status: "answered", replies: [{ body: "We refunded the second charge.\n\nIt shows in 3 days." }] });
    expect((await m.support.ticketsOf(cleo.id))[0]!.replies).toHaveLength(1);
    const rows = await m.db.notification.findMany({ where: { userId: cleo.id, kind: "support_reply" } });
    expect(rows.map((row) => `${row.channel} ${row.state}`).sort()).toEqual(["email pending", "in_app sent", "push skipped"]);
    const config = { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, mailFrom: "Nosh <no-reply@nosh.test>", devMailbox: false };
    await m.worker.deliverDue({ senders: { email: (row) => m.email.sendEmailWith(config, row) }, now: () => new Date(Date.now() + 1000) });
    const mail = received.find((entry) => (entry.to as { text: string } | undefined)?.text === cleo.email);
    expect(mail?.subject).toBe("Nosh support answered your message");
    expect(mail?.text).toContain("We refunded the second charge.");
    await expect(m.support.replyToTicket(operator, { ticketId: 2_000_000_000, body: "Nobody" })).rejects.toMatchObject({ status: 404 });
  });

  it("a guest writes about their placed order with its help link; another order's token, or one at checkout, is the same 404", async () => {
    const guest = await m.db.user.create({ data: { firstName: "Guest", guestAccount: true } });
    const placed = await m.db.order.create({ data: { userId: guest.id, restaurantName: "Lantern", submittedAt: new Date() } });
    const atCheckout = await m.db.order.create({ data: { userId: guest.id, restaurantName: "Lantern" } });
    const theirs = await person();
    const another = await m.db.order.create({ data: { userId: theirs.id, restaurantName: "Lantern", submittedAt: new Date() } });
    const token = m.access.orderHelpToken(placed);
    const body = { topic: "order" as const, message: "My order has not arrived yet." };

    const ticket = await m.support.openOrderTicket(placed.id, { ...body, token });
    expect(ticket).toMatchObject({ status: "open", orderId: placed.id });
    expect(await m.db.supportTicket.findUnique({ where: { id: ticket.id } })).toMatchObject({ userId: guest.id, orderId: placed.id });
    expect((await m.support.supportQueue("open", { limit: 500, offset: 0 })).tickets.find((t) => t.id === ticket.id)).toMatchObject({
      person: { id: guest.id, email: null },
    });
    // The token names one order of one customer: not another order, not a changed byte (the first
    // character: base64url's last one carries padding bits, so changing it may decode the same bytes).
    await expect(m.support.openOrderTicket(another.id, { ...body, token })).rejects.toMatchObject({ status: 404 });
    await expect(m.support.openOrderTicket(placed.id, { ...body, token: `${token.startsWith("A") ? "B" : "A"}${token.slice(1)}` })).rejects.toMatchObject({
      status: 404,
    });
    await expect(m.support.openOrderTicket(atCheckout.id, { ...body, token: m.access.orderHelpToken(atCheckout) })).rejects.toMatchObject({ status: 404 });
    await expect(m.support.openOrderTicket(placed.id, { ...body, token: "" })).rejects.toMatchObject({ status: 404 });
    expect(await m.db.supportTicket.count({ where: { userId: { in: [guest.id, theirs.id] } } })).toBe(1);
    expect((await m.support.ticketsOf(guest.id, 20, placed.id)).map((t) => t.id)).toEqual([ticket.id]);
  });

  it("the help link's messages share the customer's hourly limit: the 6th is a 429", async () => {
    const guest = await m.db.user.create({ data: { firstName: "Guest", guestAccount: true } });
    const order = await m.db.order.create({ data: { userId: guest.id, restaurantName: "Lantern", submittedAt: new Date() } });
    const token = m.access.orderHelpToken(order);
    for (let i = 0; i < 5; i++) await m.support.openOrderTicket(order.id, { topic: "order", message: `Message number ${i}`, token });
    await expect(m.support.openOrderTicket(order.id, { topic: "order", message: "One message too many", token })).rejects.toMatchObject({ status: 429 });
    expect(await m.db.supportTicket.count({ where: { userId: guest.id } })).toBe(5);
  });
});
