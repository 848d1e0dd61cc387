import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signUpCustomer, type Client } from "../support/api";
import { makeOperator } from "../support/couriers";
import { approveCourier as approve, failedDelivery } from "../support/courier-record";
import { signUpOwner } from "../support/owner";

// A courier's record over HTTP (docs/architecture/courier-screens.md "Record"): a courier past the warning
// threshold is warned before any suspension; an operator cannot suspend without a warning and a
// new fault after it unless they say why (the override the courier reads); a suspended courier's
// appeal (a note of 20 characters at least, with a photo) reaches the operators' queue with its
// trail and answer-by date, and the answer reaches the courier. Each call checks who asks: a
// courier reads only their own record, never the queue or another's evidence. The rules
// themselves are pinned in lib/server/courier-record/record.test.ts.

const NO_WARNING =
  "A suspension needs a warning and a new fault after it, and this courier has no warning in the last 30 days. Warn them first, or say why you suspend them anyway (the courier reads it)";
const NO_NEW_FAULT =
  "A suspension needs a new fault after the warning, and this courier has had none since (no late or failed delivery, no thumbs down). Say why you suspend them anyway (the courier reads it), or wait";
const NOTE = "Tell Nosh why the suspension should be lifted, in 20 to 2,000 characters";

test("warned before suspended, the appeal to the operator and the answer back, each read by its own", async ({ baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const customer = await signUpCustomer(baseURL!);
  const rider = await signUpCustomer(baseURL!, { name: "Rae Record" });
  const other = await signUpCustomer(baseURL!, { name: "Otto Other" });
  const nia = await signUpCustomer(baseURL!);
  // One write at a time: each is a transaction of its own on the shared SQLite file.
  await approve(rider.user.id);
  await approve(other.user.id);
  await makeOperator(nia.user.id);

  const failDelivery = () => failedDelivery(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id }, { client: rider.client, id: rider.user.id });
  const recordOf = async (client: Client) => {
    const answer = await client.get("/api/courier/record");
    expect(answer.status()).toBe(200);
    return (await answer.json()).record;
  };

  await test.step("the thresholds are shown as applied; two failed deliveries of five: a warning, not a suspension", async () => {
    const fresh = await recordOf(rider.client);
    expect(fresh.rules[0]).toMatchObject({ key: "failed", warning: "2 of 5 in 30 days", suspension: "3 of 5 in 30 days", count: 0, warned: false });
    await failDelivery();
    await failDelivery();
    const warned = await recordOf(rider.client);
    expect(warned).toMatchObject({ status: "approved", failed: 2 });
    expect(warned.rules[0]).toMatchObject({ key: "failed", count: 2, warned: true });
    expect(warned.standings).toEqual([expect.objectContaining({ kind: "warning", rule: "failed", safety: false })]);
    expect((await rider.client.get("/api/courier")).status()).toBe(200);
  });

  await test.step("a third failure after the warning suspends: off the courier app, told", async () => {
    await failDelivery();
    const suspended = await recordOf(rider.client);
    expect(suspended.status).toBe("suspended");
    expect(suspended.standings.map((s: { kind: string }) => s.kind)).toEqual(["suspension", "warning"]);
    expect((await rider.client.get("/api/courier")).status()).toBe(403);
    const bell = await (await rider.client.get("/api/notifications")).json();
    expect(bell.notifications.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(["You received a warning on your courier record", "Your courier account was suspended by Nosh"]),
    );
  });

  await test.step("an operator's suspension without a warning and a new fault is refused (naming override); with an override, the courier reads why", async () => {
    const suspend = (body: Record<string, unknown>) => nia.client.post(`/api/admin/couriers/${other.user.id}`, { action: "suspend", reason: "Complaints", ...body });
    const refused = await suspend({});
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ message: NO_WARNING, errors: { override: NO_WARNING } });
    // Warned, then suspended at once: 0 late, 0 failed, 0 thumbs down since.
    expect((await nia.client.post(`/api/admin/couriers/${other.user.id}`, { action: "warn", reason: "Rude at the door" })).status()).toBe(200);
    const noFault = await suspend({});
    expect(noFault.status()).toBe(409);
    expect(await noFault.json()).toMatchObject({ errors: { override: NO_NEW_FAULT } });
    const short = await suspend({ override: "Because" });
    expect(short.status()).toBe(400);
    expect(Object.keys((await short.json()).errors)).toEqual(["override"]);
    expect((await recordOf(other.client)).status).toBe("approved");
    const why = "A customer reported a threat at the door; the police were called";
    const overridden = await suspend({ reason: "Threatened a customer", safety: true, override: why });
    expect(overridden.status()).toBe(200);
    expect((await recordOf(other.client)).standings[0]).toMatchObject({ kind: "suspension", safety: true, reason: "Threatened a customer", override: why });
  });

  let appealId = 0;
  await test.step("the suspended courier appeals with a note and a photo: the operator's queue has it with the trail and the answer-by date", async () => {
    for (const note of ["", "   ", "Let me back"]) {
      const refused = await rider.client.post("/api/courier/appeals", { note });
      expect(refused.status()).toBe(400);
      expect(await refused.json()).toMatchObject({ errors: { note: NOTE } });
    }
    const photo = {
      name: "door.png",
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: "#445566" } })
        .png()
        .toBuffer(),
    };
    const sent = await rider.client.ctx.post("/api/courier/appeals", {
      multipart: { data: JSON.stringify({ note: "Nobody answered the door: I called twice." }), photo },
      headers: { "XSRF-Token": await rider.client.xsrf() },
    });
    expect(sent.status()).toBe(201);
    const { appeal } = await sent.json();
    expect(appeal).toMatchObject({ status: "open", evidence: true, answer: null });
    appealId = appeal.id;
    expect((await rider.client.post("/api/courier/appeals", { note: "Again: nobody answered the door" })).status()).toBe(409);

    const queue = await (await nia.client.get("/api/admin/courier-appeals?limit=100")).json();
    const mine = queue.items.find((item: { id: number }) => item.id === appealId);
    expect(mine).toMatchObject({
      note: "Nobody answered the door: I called twice.",
      answerBy: appeal.answerBy,
      courier: { id: rider.user.id, name: "Rae Record" },
      suspension: { rule: "failed", safety: false },
      evidenceUrl: `/api/admin/courier-appeals/${appealId}/evidence`,
    });
    expect(mine.trail.jobs).toHaveLength(3);
    expect(mine.trail.jobs[0]).toMatchObject({ state: "failed", failureReason: "Couldn't reach you" });
    const evidence = await nia.client.get(mine.evidenceUrl);
    expect(evidence.status()).toBe(200);
    expect(evidence.headers()["content-type"]).toBe("image/webp");
  });

  await test.step("nobody else reads it: another courier, a customer", async () => {
    expect((await recordOf(other.client)).appeal).toBeNull();
    for (const client of [rider.client, other.client, customer.client]) {
      expect((await client.get("/api/admin/courier-appeals")).status()).toBe(403);
      expect((await client.get(`/api/admin/courier-appeals/${appealId}/evidence`)).status()).toBe(403);
      expect((await client.post(`/api/admin/courier-appeals/${appealId}`, { action: "overturn", answer: "Mine" })).status()).toBe(403);
    }
    expect((await customer.client.get("/api/courier/record")).status()).toBe(403);
    expect((await customer.client.post("/api/courier/appeals", { note: "Let me in, I am a courier too" })).status()).toBe(403);
  });

  await test.step("the operator's answer restores the courier and reaches them; every decision is in the audit log", async () => {
    const answered = await nia.client.post(`/api/admin/courier-appeals/${appealId}`, { action: "overturn", answer: "The customer's phone was off: restored." });
    expect(answered.status()).toBe(200);
    expect(await answered.json()).toEqual({ appeal: { id: appealId, status: "overturned" } });
    expect((await nia.client.post(`/api/admin/courier-appeals/${appealId}`, { action: "uphold", answer: "No" })).status()).toBe(409);
    const record = await recordOf(rider.client);
    expect(record).toMatchObject({ status: "approved", appeal: { status: "overturned", answer: "The customer's phone was off: restored." } });
    expect((await rider.client.get("/api/courier")).status()).toBe(200);
    const bell = await (await rider.client.get("/api/notifications")).json();
    expect(bell.notifications[0]).toMatchObject({ title: "Your appeal was answered: your courier account was restored" });
    const audit = await (await nia.client.get(`/api/admin/audit?targetType=user&targetId=${rider.user.id}`)).json();
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual(["courier.appeal.overturn", "courier.suspend", "courier.warn"]);
  });
  await Promise.all([owner.client, customer.client, rider.client, other.client, nia.client].map((client) => client.dispose()));
});
