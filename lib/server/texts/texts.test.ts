import { describe, expect, it } from "vitest";
import twilio from "twilio";
import type { User } from "@/lib/generated/prisma/client";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// Text messages end to end below the HTTP layer, on a real database with the built-in provider
// (docs/architecture/text-messages.md): a number opted in by its texted code; an order's moments
// written as outbox rows and texted by the worker; STOP honoured at once and recorded, START
// undoing it, HELP answered; a forged callback refused and changing nothing; the send limits; quiet hours.

setUpTestDatabase({ TEXTS_PER_NUMBER_PER_HOUR: "4", TEXTS_PER_ACCOUNT_PER_DAY: "40", TEXTS_BUILTIN_SECRET: "builtin-secret-for-tests" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  events: await import("../order-events/write"),
  worker: await import("../notifications/worker"),
  numbers: await import("./numbers"),
  send: await import("./send"),
  inbound: await import("./inbound"),
  builtin: await import("./providers/builtin"),
  select: await import("./providers/select"),
  config: (await import("../platform/config")).config,
  waiting: (await import("../jobs/definitions/owner-waiting-texts")).ownerWaitingTextsJob,
};
const { wallet, customer, shop: newShop } = await import("../platform/testing/fixtures");

const deliver = (at = new Date()) => m.worker.deliverDue({ senders: { sms: m.send.sendText }, now: () => at });
const textsTo = (phone: string) => m.db.textMessage.findMany({ where: { phone, direction: "out" }, orderBy: { id: "asc" } });
let serial = 0;
const newPhone = () => `+1415555${String(1000 + ++serial).slice(-4)}`;

async function optedIn(user: User, phone = newPhone()) {
  const number = await m.numbers.addTextNumber(user, { phone });
  await deliver();
  const [codeText] = await textsTo(phone);
  const code = /\b(\d{6})\b/.exec(codeText!.body!)![1]!;
  return { phone, number: await m.numbers.confirmTextNumber(user, number.id, code) };
}

async function order(user: User, shop?: Awaited<ReturnType<typeof newShop>>) {
  const s = shop ?? (await newShop("texts-owner"));
  const placed = await m.sql.sqlTransaction((sql) =>
    m.place.placeOrder(sql, user, { cart: { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] } }, wallet, paymentFor(wallet)),
  );
  return { id: placed.id, restaurantId: s.restaurant.id, name: s.restaurant.name, owner: s.owner, shop: s };
}

const stage = (o: { id: number; restaurantId: number }, user: User, name: string) =>
  m.sql.sqlTransaction((sql) => m.events.insertOrderEvents(sql, [{ orderId: o.id, userId: user.id, restaurantId: o.restaurantId, stage: name }], new Date()));

const signedPost = (kind: "inbound" | "status", params: Record<string, string>) => {
  const path = `/api/texts/builtin/${kind}`;
  const signature = m.builtin.builtinSignatureForTests(`${m.config().linkOrigin}${path}`, params);
  return { path, params, headers: new Headers({ "X-Nosh-Text-Signature": signature }) };
};

describe("opting in a number", () => {
  it("texts a code through the outbox and confirms the number only with that code", async () => {
    const user = await customer("texts-optin");
    const phone = newPhone();
    const number = await m.numbers.addTextNumber(user, { phone });
    expect(number).toMatchObject({ phone, confirmed: false, moments: ["on_the_way", "arriving", "at_door", "problem"] });
    // Nothing is texted in the request: an outbox row waits for the worker.
    expect(await textsTo(phone)).toHaveLength(0);
    expect(await m.db.notification.count({ where: { userId: user.id, channel: "sms", kind: "text_code", state: "pending" } })).toBe(1);
    await deliver();
    const [sent] = await textsTo(phone);
    expect(sent!.body).toMatch(/^Your Nosh code is \d{6}\. It works for 10 minutes\. Reply STOP to opt out\.$/);
    const code = /(\d{6})/.exec(sent!.body!)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(m.numbers.confirmTextNumber(user, number.id, wrong)).rejects.toMatchObject({ errors: { code: expect.any(String) } });
    const other = await customer("texts-other");
    await expect(m.numbers.confirmTextNumber(other, number.id, code)).rejects.toMatchObject({ code: "not_found" });
    expect(await m.numbers.confirmTextNumber(user, number.id, code)).toMatchObject({ confirmed: true });
  });

  it("refuses a guest, and a number that answered STOP until it answers START", async () => {
    const guest = await customer("texts-guest", { guestAccount: true });
    await expect(m.numbers.addTextNumber(guest, { phone: newPhone() })).rejects.toMatchObject({ code: "forbidden" });
    const user = await customer("texts-stopped");
    const phone = newPhone();
    const stop = signedPost("inbound", { From: phone, Body: "stop", MessageSid: `SMstop${serial}` });
    await m.inbound.receiveText(m.inbound.checkedCallback("builtin", stop.path, stop.params, stop.headers), stop.params);
    await expect(m.numbers.addTextNumber(user, { phone })).rejects.toMatchObject({ code: "conflict", errors: { phone: expect.any(String) } });
    const start = signedPost("inbound", { From: phone, Body: " Start ", MessageSid: `SMstart${serial}` });
    expect(await m.inbound.receiveText(m.inbound.checkedCallback("builtin", start.path, start.params, start.headers), start.params)).toMatch(/on again/);
    expect(await m.numbers.addTextNumber(user, { phone })).toMatchObject({ confirmed: false });
  });
});

describe("an order's moments", () => {
  it("texts on the way and at the door to an opted-in number, in its person's language, and nothing for a moment turned off", async () => {
    const user = await customer("texts-moments", { language: "es" });
    const { phone, number } = await optedIn(user);
    await m.numbers.updateTextNumber(user, number.id, { moments: ["on_the_way", "at_door"], quietHours: null });
    const o = await order(user);
    await stage(o, user, "accepted");
    await stage(o, user, "out_for_delivery");
    await m.sql.sqlTransaction((sql) =>
      m.events.insertOrderEvents(sql, [{ orderId: o.id, userId: user.id, restaurantId: o.restaurantId, stage: "courier_arrived" }], new Date(), []),
    );
    await stage(o, user, "canceled");
    await deliver();
    await stage(o, user, "delivered");
    await deliver();
    const bodies = (await textsTo(phone)).slice(1).map((t) => t.body);
    expect(bodies).toEqual([
      `Nosh: tu pedido de ${o.name} está en camino. ${m.config().linkOrigin}/orders/${o.id}`,
      `Nosh: tu pedido de ${o.name} está en la puerta. ${m.config().linkOrigin}/orders/${o.id}`,
    ]);
  });

  it("honours STOP at once: a moment already waiting in the outbox is not texted, and the opt-out is recorded", async () => {
    const user = await customer("texts-stop");
    const { phone } = await optedIn(user);
    const o = await order(user);
    await stage(o, user, "out_for_delivery");
    await deliver();
    await stage(o, user, "delivered");
    // STOP arrives before the worker's next tick: the waiting row is skipped, not sent.
    const stop = signedPost("inbound", { From: phone, Body: "UNSUBSCRIBE", MessageSid: `SMunsub${serial}` });
    const reply = await m.inbound.receiveText(m.inbound.checkedCallback("builtin", stop.path, stop.params, stop.headers), stop.params);
    expect(reply).toBe("You will get no more texts from Nosh. Reply START to get them again.");
    expect(await m.db.textOptOut.findUnique({ where: { phone } })).toMatchObject({ keyword: "UNSUBSCRIBE" });
    const result = await deliver();
    expect(result.skipped).toBe(1);
    expect((await textsTo(phone)).map((t) => t.kind)).toEqual(["text_code", "order_out_for_delivery", "stop"]);
    const help = signedPost("inbound", { From: phone, Body: "help", MessageSid: `SMhelp${serial}` });
    expect(await m.inbound.receiveText(m.inbound.checkedCallback("builtin", help.path, help.params, help.headers), help.params)).toMatch(
      /^Nosh order texts: .* Reply STOP to opt out, START to opt in again\./,
    );
  });

  it("texts a phone order's customer at the number they gave the restaurant", async () => {
    // Its customer has no number of their own opted in: the order's is enough.
    const guest = await customer("texts-phone-order");
    const o = await order(guest);
    await m.db.order.update({ where: { id: o.id }, data: { phoneOrder: true, customerPhone: "4155550199" } });
    await stage(o, guest, "out_for_delivery");
    await deliver();
    expect((await textsTo("+14155550199")).map((t) => t.kind)).toContain("order_out_for_delivery");
  });
});

describe("the provider's callbacks", () => {
  it("refuses a forged or unsigned status callback (403) and changes nothing; a signed one updates the text", async () => {
    const user = await customer("texts-status");
    const { phone } = await optedIn(user);
    const [text] = await textsTo(phone);
    const params = { MessageSid: text!.providerId!, MessageStatus: "undelivered" };
    const path = "/api/texts/builtin/status";
    const forged = twilio.getExpectedTwilioSignature("not-the-secret-at-all", `${m.config().linkOrigin}${path}`, params);
    expect(() => m.inbound.checkedCallback("builtin", path, params, new Headers({ "X-Nosh-Text-Signature": forged }))).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
    expect(() => m.inbound.checkedCallback("builtin", path, params, new Headers())).toThrow(expect.objectContaining({ code: "forbidden" }));
    // Signed for another URL: refused too.
    const elsewhere = m.builtin.builtinSignatureForTests(`${m.config().linkOrigin}/api/texts/builtin/inbound`, params);
    expect(() => m.inbound.checkedCallback("builtin", path, params, new Headers({ "X-Nosh-Text-Signature": elsewhere }))).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
    expect((await m.db.textMessage.findUniqueOrThrow({ where: { id: text!.id } })).status).toBe("sent");
    expect(() => m.inbound.checkedCallback("twilio", path, params, new Headers())).toThrow(expect.objectContaining({ code: "not_found" }));
    const signed = signedPost("status", { MessageSid: text!.providerId!, MessageStatus: "delivered" });
    expect(await m.inbound.textStatus(m.inbound.checkedCallback("builtin", signed.path, signed.params, signed.headers), signed.params)).toBe(true);
    expect((await m.db.textMessage.findUniqueOrThrow({ where: { id: text!.id } })).status).toBe("delivered");
  });
});

describe("limits and quiet hours", () => {
  it("skips what passes the per-number limit in an hour", async () => {
    const user = await customer("texts-limit");
    const { phone } = await optedIn(user);
    const o = await order(user);
    for (const name of ["out_for_delivery", "rejected", "expired", "delivered"]) await stage(o, user, name);
    const result = await deliver();
    // The code was the 1st of 4 this hour: 3 more go, the 4th moment is skipped.
    expect(result).toMatchObject({ sent: 3, skipped: 1 });
    expect(await textsTo(phone)).toHaveLength(4);
    expect(await m.db.notification.findFirst({ where: { userId: user.id, channel: "sms", state: "skipped" } })).toMatchObject({
      lastError: expect.stringMatching(/limit/),
    });
  });

  it("defers a reported problem's text to the end of the quiet hours, while an order under way is texted at once", async () => {
    const user = await customer("texts-quiet");
    const { phone, number } = await optedIn(user);
    // Quiet all day but the minute before midnight, in UTC.
    await m.db.textNumber.update({ where: { id: number.id }, data: { quietStart: 0, quietEnd: 1439, timeZone: "UTC" } });
    const o = await order(user);
    const at = new Date("2026-11-29T12:00:00Z");
    await m.sql.sqlTransaction(async (sql) => {
      const { notify } = await import("../notifications/outbox");
      await notify(sql, { to: { userId: user.id }, kind: "problem_update", cause: `problem:${o.id}`, payload: { orderId: o.id, restaurantId: o.restaurantId } }, at);
    });
    await stage(o, user, "out_for_delivery");
    const result = await deliver(new Date(Date.now() + 1000));
    expect(result).toMatchObject({ deferred: 1 });
    expect((await textsTo(phone)).map((t) => t.kind)).toEqual(["text_code", "order_out_for_delivery"]);
    const row = await m.db.notification.findFirstOrThrow({ where: { userId: user.id, channel: "sms", kind: "problem_update" } });
    expect(row).toMatchObject({ state: "pending", lastError: "Quiet hours" });
    expect(row.nextAttemptAt.toISOString().slice(11, 16)).toBe("23:59");
  });
});

describe("an owner's order waiting", () => {
  it("texts an owner who chose it once when an order waits to be accepted, and nothing once it is answered", async () => {
    const o = await order(await customer("texts-waiting"));
    const { phone, number } = await optedIn(o.owner);
    await m.numbers.updateTextNumber(o.owner, number.id, { moments: ["waiting"], quietHours: null });
    await m.db.order.update({ where: { id: o.id }, data: { submittedAt: new Date(Date.now() - 4 * 60_000) } });
    await m.waiting.run(new Date());
    await m.waiting.run(new Date());
    await deliver();
    const sent = await textsTo(phone);
    expect(sent.map((t) => t.kind)).toEqual(["text_code", "owner_order_waiting"]);
    expect(sent[1]!.body).toBe(`Nosh: an order at ${o.name} has waited 4 minutes to be accepted. ${m.config().linkOrigin}/restaurants/${o.restaurantId}/orders`);

    // Accepted after the text was written and before it went: nothing is sent.
    const answered = await order(await customer("texts-answered"), o.shop);
    await m.db.order.update({ where: { id: answered.id }, data: { submittedAt: new Date(Date.now() - 4 * 60_000) } });
    await m.waiting.run(new Date());
    await m.db.order.update({ where: { id: answered.id }, data: { stage: "accepted" } });
    expect(await deliver()).toMatchObject({ sent: 0, skipped: 1 });
    expect(await textsTo(phone)).toHaveLength(2);
  });
});
