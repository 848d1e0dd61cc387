import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { RELAY_WINDOW_MINUTES } from "@/lib/shared/delivery/relay";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// Masked calls between courier and customer (docs/architecture/text-messages.md "Masked calls"), on
// a real database with a pool of two relay numbers: the allocation (one relay per delivery, the
// pair (number, relay) naming one live delivery, so two numbers serve many), the numbers each side
// is known by, the window after the delivery ends, and the webhooks' answers: a <Dial> to the other
// side under the relay's callerId, a text forwarded from the relay, "not in service" for anyone
// else; the call's length and cost from its status callback. Signatures: Twilio's, from the local
// stand-in of its API, checked by the Twilio adapter; a forged one changes nothing.

const R1 = "+14152300101";
const R2 = "+14152300102";
const R3 = "+525512345678";
setUpTestDatabase({ TEXTS_BUILTIN_SECRET: "builtin-secret-for-tests", RELAY_NUMBERS: `${R1},${R2}; mexico-city:${R3}`, CALL_MINUTE_COST: "0.02" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  relay: await import("./relay"),
  hooks: await import("./webhooks"),
  dev: await import("./dev-phone"),
  messages: await import("../dispatch/messages"),
  builtin: (await import("../texts/providers/builtin")).builtinProvider,
  twilio: (await import("../texts/providers/twilio/provider")).twilioProvider,
  settings: (await import("@/lib/edge/text-settings")).textSettings,
  standIn: (await import("../texts/providers/twilio/testing/stand-in")).TwilioStandIn,
  relaySettings: (await import("@/lib/edge/relay-settings")).relaySettings,
};
const { wallet, customer, shop: newShop } = await import("../platform/testing/fixtures");

let serial = 0;
const newPhone = () => `+1415555${String(2000 + ++serial).slice(-4)}`;
const shop = await newShop("relay-owner");

/** A person known by `phone` (E.164, kept as the account's 10 digits), or none. */
const person = (name: string, phone: string | null, data: Partial<User> = {}) =>
  customer(`relay-${name}`, { firstName: name, phoneNumber: phone ? phone.slice(2) : null, ...data });

/** A placed order of `buyer` whose delivery `courier` holds (assigned), as dispatch leaves it. */
async function delivery(buyer: User, courier: User, state = "assigned", restaurantId = shop.restaurant.id) {
  const placed = await m.sql.sqlTransaction((sql) =>
    m.place.placeOrder(sql, buyer, { cart: { restaurantId: shop.restaurant.id, items: [{ menuItemId: shop.dish.id, quantity: 1 }] } }, wallet, paymentFor(wallet)),
  );
  const job = await m.db.deliveryJob.create({
    data: {
      orderId: placed.id,
      // The job's restaurant names the market whose pool serves it.
      restaurantId,
      userId: buyer.id,
      courierId: courier.id,
      state,
      payCents: 500,
      pickupLat: 37.76,
      pickupLng: -122.41,
      dropoffLat: 37.77,
      dropoffLng: -122.41,
      dropoffAddress: "1 Main St",
      itemsCount: 1,
      assignedAt: new Date(),
    },
  });
  return { jobId: job.id, orderId: placed.id };
}
const end = (jobId: number, minutesAgo: number) =>
  m.db.deliveryJob.update({ where: { id: jobId }, data: { state: "delivered", closedAt: new Date(Date.now() - minutesAgo * 60_000) } });

const call = (from: string, to: string) => m.hooks.answerCall(m.builtin, { From: from, To: to, CallSid: `CA${++serial}` });
const text = (from: string, to: string, body: string) => m.hooks.answerText(m.builtin, { From: from, To: to, Body: body, MessageSid: `SM${++serial}` });

describe("the relay pool", () => {
  it("is read from RELAY_NUMBERS: a bare list for every market, a market's own by its code; a malformed number refuses to start", () => {
    expect(m.relaySettings({ RELAY_NUMBERS: `${R1}, ${R2};mexico-city:${R3}` }).pools).toEqual({ "*": [R1, R2], "mexico-city": [R3] });
    expect(m.relaySettings({}).pools).toEqual({});
    expect(() => m.relaySettings({ RELAY_NUMBERS: "415-230-0101" })).toThrow(/E\.164/);
  });

  it("gives a delivery a relay of its restaurant's market", async () => {
    const market = await m.db.market.create({ data: { code: "mexico-city", name: "Mexico City", currency: "MXN", timeZone: "America/Mexico_City" } });
    const there = await newShop("relay-mx");
    await m.db.restaurant.update({ where: { id: there.restaurant.id }, data: { marketId: market.id } });
    const { jobId } = await delivery(await person("ana", newPhone()), await person("leo", newPhone()), "assigned", there.restaurant.id);
    expect(await m.relay.relayFor(jobId, "customer")).toEqual({ number: R3, reason: null });
  });

  it("shows both sides of a live delivery the same relay number, given once even when both ask at the same moment", async () => {
    const [ada, dev] = [await person("ada", newPhone()), await person("dev", newPhone())];
    const { jobId } = await delivery(ada, dev);
    const [mine, theirs] = await Promise.all([m.relay.relayFor(jobId, "customer"), m.relay.relayFor(jobId, "courier")]);
    expect(mine).toEqual({ number: R1, reason: null });
    expect(theirs).toEqual(mine);
    expect(await m.db.relayLeg.count({ where: { jobId } })).toBe(2);
  });

  it("never gives one number the same relay for two live deliveries, so two relays serve deliveries that share no number", async () => {
    const ada = await person("ada", newPhone());
    const [dev, eve, kim] = [await person("dev", newPhone()), await person("eve", newPhone()), await person("kim", newPhone())];
    const first = await delivery(ada, dev);
    const second = await delivery(ada, eve);
    const third = await delivery(ada, kim);
    expect((await m.relay.relayFor(first.jobId, "customer")).number).toBe(R1);
    expect((await m.relay.relayFor(second.jobId, "customer")).number).toBe(R2);
    // Ada holds both relays: a third delivery of hers has none, and says so.
    expect(await m.relay.relayFor(third.jobId, "customer")).toEqual({ number: null, reason: "busy" });
    // Other people share R1 with Ada's first delivery: the pair (caller, relay) still names one.
    const [bo, cy] = [await person("bo", newPhone()), await person("cy", newPhone())];
    const other = await delivery(bo, cy);
    expect((await m.relay.relayFor(other.jobId, "courier")).number).toBe(R1);
    // Once Ada's first delivery is over (its window passed), R1 is hers to take again.
    await end(first.jobId, RELAY_WINDOW_MINUTES + 1);
    expect((await m.relay.relayFor(third.jobId, "customer")).number).toBe(R1);
  });

  it("knows a side by its confirmed text number first, else the account's phone; without one, no relay and why", async () => {
    const texted = newPhone();
    const ada = await person("ada", newPhone());
    await m.db.textNumber.create({ data: { userId: ada.id, phone: texted, confirmedAt: new Date() } });
    const dev = await person("dev", newPhone());
    const { jobId } = await delivery(ada, dev);
    const { number } = await m.relay.relayFor(jobId, "courier");
    expect(number).not.toBeNull();
    expect((await m.relay.routeOf(texted, number!)).route).toMatchObject({ side: "customer", to: `+1${dev.phoneNumber}` });

    const silent = await person("sam", null);
    const lone = await delivery(silent, await person("lou", newPhone()));
    expect(await m.relay.relayFor(lone.jobId, "customer")).toEqual({ number: null, reason: "mine" });
    expect(await m.relay.relayFor(lone.jobId, "courier")).toEqual({ number: null, reason: "theirs" });
  });
});

describe("the relay's webhooks", () => {
  it("dials the other side with the relay as caller id, never showing the caller's number, and records the call's length and cost", async () => {
    const [ada, dev] = [await person("ada", newPhone()), await person("dev", newPhone())];
    const { jobId } = await delivery(ada, dev);
    const { number: relay } = await m.relay.relayFor(jobId, "customer");
    const answer = await call(`+1${ada.phoneNumber}`, relay!);
    const twiml = await answer.response.text();
    expect(answer.connected).toBe("courier");
    expect(twiml).toContain(`<Dial callerId="${relay}" timeout="30" answerOnBridge="true"><Number>+1${dev.phoneNumber}</Number></Dial>`);
    expect(twiml).not.toContain(ada.phoneNumber!);
    // The courier calling back reaches the customer the same way.
    expect(await (await call(`+1${dev.phoneNumber}`, relay!)).response.text()).toContain(`<Number>+1${ada.phoneNumber}</Number>`);

    const [record] = await m.db.relayCall.findMany({ where: { jobId }, orderBy: { id: "asc" } });
    expect(record).toMatchObject({ kind: "call", fromSide: "customer", status: "connected", durationSeconds: null });
    expect(await m.hooks.callStatus(m.builtin, { CallSid: record!.providerId!, CallStatus: "completed", CallDuration: "61" })).toBe(true);
    expect(await m.db.relayCall.findUnique({ where: { id: record!.id } })).toMatchObject({ status: "completed", durationSeconds: 61, costMicros: 40_000 });
    // Nothing of a number or the words is kept for the operator.
    expect(JSON.stringify(await m.db.relayCall.findMany({ where: { jobId } }))).not.toMatch(/\+1\d{10}/);
  });

  it("answers a stranger, and a side after the window, that the number is not in service, and connects nobody", async () => {
    const [ada, dev] = [await person("ada", newPhone()), await person("dev", newPhone())];
    const { jobId } = await delivery(ada, dev);
    const { number: relay } = await m.relay.relayFor(jobId, "customer");
    const stranger = await call(newPhone(), relay!);
    const said = await stranger.response.text();
    expect(stranger.connected).toBeNull();
    expect(said).toMatch(/<Say language="en-US">This Nosh number is not in service\. Nobody was connected\.<\/Say><Hangup\/>/);
    expect(said).not.toContain("<Dial");

    // A few minutes after the delivery, the relay still connects; past the window, nobody.
    await end(jobId, RELAY_WINDOW_MINUTES - 5);
    expect((await call(`+1${ada.phoneNumber}`, relay!)).connected).toBe("courier");
    await end(jobId, RELAY_WINDOW_MINUTES + 1);
    const late = await call(`+1${ada.phoneNumber}`, relay!);
    expect(late.connected).toBeNull();
    expect(await late.response.text()).not.toContain(dev.phoneNumber!);
    expect(await m.relay.relayFor(jobId, "customer")).toEqual({ number: null, reason: "over" });
    // A refused call stays refused when its status comes.
    const refused = await m.db.relayCall.findFirstOrThrow({ where: { status: "refused" }, orderBy: { id: "desc" } });
    await m.hooks.callStatus(m.builtin, { CallSid: refused.providerId!, CallStatus: "completed", CallDuration: "4" });
    expect(await m.db.relayCall.findUnique({ where: { id: refused.id } })).toMatchObject({ status: "refused", jobId: null, durationSeconds: 4 });
  });

  it("forwards a text from the relay to the other side, marked with who sent it; STOP is the carrier's word, not forwarded", async () => {
    const [ada, dev] = [await person("ada", newPhone()), await person("dev", newPhone())];
    const { jobId } = await delivery(ada, dev, "picked_up");
    const { number: relay } = await m.relay.relayFor(jobId, "courier");
    const answer = await text(`+1${dev.phoneNumber}`, relay!, "At the door now");
    expect(answer.connected).toBe("customer");
    expect(await answer.response.text()).toContain(`<Message to="+1${ada.phoneNumber}" from="${relay}">Nosh, your courier: At the door now</Message>`);
    expect(await m.db.textMessage.findFirst({ where: { phone: `+1${ada.phoneNumber}`, kind: "relay" } })).toMatchObject({
      direction: "out",
      body: "Nosh, your courier: At the door now",
    });
    const stop = await text(`+1${ada.phoneNumber}`, relay!, "STOP");
    expect(await stop.response.text()).not.toContain(`to="+1${dev.phoneNumber}"`);
    expect(await m.db.textOptOut.findUnique({ where: { phone: `+1${ada.phoneNumber}` } })).not.toBeNull();
  });

  it("the built-in provider's phone runs the same webhooks and says whom it connected", async () => {
    const [ada, dev] = [await person("ada", newPhone()), await person("dev", newPhone())];
    const { jobId, orderId } = await delivery(ada, dev);
    const { number: relay } = await m.relay.relayFor(jobId, "customer");
    expect(await m.dev.devRelayCall({ from: `+1${dev.phoneNumber}`, relay: relay!, kind: "call", seconds: 90 })).toMatchObject({ connected: "customer", orderId });
    expect(await m.db.relayCall.findFirst({ where: { jobId }, orderBy: { id: "desc" } })).toMatchObject({
      fromSide: "courier",
      status: "completed",
      durationSeconds: 90,
    });
    expect(await m.dev.devRelayCall({ from: newPhone(), relay: relay!, kind: "text", body: "hi" })).toMatchObject({ connected: null, orderId: null });
  });

  it("the thread's JSON gives each side the relay, and neither the other's number", async () => {
    const [ada, dev] = [await person("ada", newPhone()), await person("dev", newPhone(), { courier: true })];
    const { orderId, jobId } = await delivery(ada, dev);
    const page = { limit: 100, offset: 0 };
    const customerView = await m.messages.orderMessages(ada, orderId, page);
    const courierView = await m.messages.jobMessages({ id: dev.id } as never, jobId, page);
    expect(customerView.relay).toEqual({ number: expect.stringMatching(/^\+14152300/), reason: null });
    expect(courierView.relay).toEqual(customerView.relay);
    expect(JSON.stringify(customerView)).not.toContain(dev.phoneNumber!);
    expect(JSON.stringify(courierView)).not.toContain(ada.phoneNumber!);
  });
});

describe("Twilio's signed webhooks, from the local stand-in of its API", () => {
  const SID = `AC${"b2".repeat(16)}`;
  const TOKEN = "twilio-token-for-relay-tests";
  const standIn = new m.standIn(SID, TOKEN);
  const settings = m.settings({ TEXTS: "twilio", TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "+15005550006" }, "development", "x".repeat(32));
  if (settings.provider !== "twilio") throw new Error("TEXTS=twilio selects Twilio");
  const twilio = m.twilio(settings);
  // The app's voice webhook as the route serves it: the adapter's signature check, then the answer.
  const app = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}${request.url}`;
      if (!twilio.verify((request.headers["x-twilio-signature"] as string) ?? null, url, params)) return response.writeHead(403).end();
      const answer = await m.hooks.answerCall(twilio, params);
      response.writeHead(200, { "Content-Type": "text/xml" }).end(await answer.response.text());
    });
  });
  const listening = new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  it("dials the other side for a call Twilio signed, and refuses a forged one without recording it", async () => {
    await listening;
    const voice = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/calls/twilio/voice`;
    const [ada, dev] = [await person("ada", newPhone()), await person("dev", newPhone())];
    const { jobId } = await delivery(ada, dev);
    const { number: relay } = await m.relay.relayFor(jobId, "courier");
    const signed = await standIn.call(voice, `+1${dev.phoneNumber}`, relay!);
    expect(signed.status).toBe(200);
    expect(signed.text).toContain(`<Dial callerId="${relay}"`);
    expect(signed.text).toContain(`<Number>+1${ada.phoneNumber}</Number>`);
    expect(await m.db.relayCall.count({ where: { provider: "twilio", providerId: signed.sid } })).toBe(1);

    const before = await m.db.relayCall.count();
    const forged = await standIn.post(voice, { CallSid: "CAforged", From: `+1${dev.phoneNumber}`, To: relay! }, "bm90IGEgc2lnbmF0dXJl");
    expect(forged).toBe(403);
    expect(await m.db.relayCall.count()).toBe(before);
  });
});
