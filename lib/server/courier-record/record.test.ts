import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { RECORD_RULES, thresholdText } from "@/lib/shared/delivery/courier-record";
import { appealDecisionSchema, courierAppealInputSchema, operatorAppealsQuerySchema } from "@/lib/contract/couriers/record-rules";
import { courierRecordSchema, operatorAppealsPageSchema } from "@/lib/contract/couriers/record-schemas";
import { setUpTestDatabase } from "../platform/testing/db";
import { courierActionSchema } from "@/lib/contract/operators/rules";
import { decide, suspensionGrounds, type CountedDelivery, type Standing } from "./rules";
import { englishIssue } from "@/lib/contract/testing/in-english";

// The courier's record: the rules as pure functions (a warning before any suspension, the 30-day
// window, a suspension only for marks after the warning), then on a real migrated database the
// evaluator at a failed delivery, an operator's suspension refused without a warning unless a
// safety report, and the appeal from the courier to the operator's queue and back.

setUpTestDatabase({ HASH_THREADS: "2" });

const m = {
  db: (await import("../platform/db")).db,
  standing: await import("./standing"),
  record: await import("./record"),
  appeals: await import("./appeals"),
  couriers: await import("../operators/couriers"),
  fixtures: await import("../platform/testing/fixtures"),
  passwords: await import("../platform/passwords"),
  pictures: await import("../platform/pictures"),
  deletion: await import("../customer-data/delete-account"),
};
const db = m.db;
const DAY = 24 * 3600_000;
const NOW = new Date("2026-12-14T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const failedRule = RECORD_RULES.find((rule) => rule.key === "failed")!;

/** `failed` deliveries of `total`, newest first, one a day from `from` days ago. */
const deliveries = (total: number, failedAt: number[], from = 1): CountedDelivery[] =>
  Array.from({ length: total }, (_, i) => ({ endedAt: ago(from + i), failed: failedAt.includes(i), late: false, downAt: null }));

describe("the rules", () => {
  it("the thresholds read as the courier sees them", () => {
    expect(thresholdText(failedRule.warning)).toBe("2 of 5 in 30 days");
    expect(thresholdText(failedRule.suspension)).toBe("3 of 5 in 30 days");
  });

  it("a warning at the warning threshold; nothing below it", () => {
    expect(decide(deliveries(5, [0]), [], NOW)).toEqual([]);
    expect(decide(deliveries(5, [0, 3]), [], NOW)).toEqual([{ kind: "warning", rule: failedRule }]);
  });

  it("past the suspension threshold without a warning: a warning, never a suspension", () => {
    expect(decide(deliveries(5, [0, 1, 2, 3]), [], NOW)).toEqual([{ kind: "warning", rule: failedRule }]);
  });

  it("after a warning, a suspension only for a mark after it; the same marks never twice", () => {
    const warned: Standing[] = [{ kind: "warning", rule: "failed", at: ago(1.5) }];
    // Marks at 1, 2, 3 days ago: one after the warning (1 day ago).
    expect(decide(deliveries(5, [0, 1, 2]), warned, NOW)).toEqual([{ kind: "suspension", rule: failedRule }]);
    // All three before the warning: nothing new.
    expect(decide(deliveries(5, [1, 2, 3]), warned, NOW)).toEqual([]);
    // Suspended since (then restored): the same marks do not suspend again.
    expect(decide(deliveries(5, [0, 1, 2]), [...warned, { kind: "suspension", rule: "failed", at: ago(0.5) }], NOW)).toEqual([]);
    // A warning under another rule does not count for this one.
    expect(decide(deliveries(5, [0, 1, 2]), [{ kind: "warning", rule: "late", at: ago(1.5) }], NOW)).toEqual([{ kind: "warning", rule: failedRule }]);
  });

  it("an operator's suspension keeps the rule: a warning in the window, then a new fault of any kind after it", () => {
    const warned: Standing[] = [{ kind: "warning", rule: null, at: ago(1.5) }];
    expect(suspensionGrounds(deliveries(5, [0]), [], NOW)).toBe("no_warning");
    // Warned, and nothing since: 0 late, 0 failed, 0 thumbs down after it.
    expect(suspensionGrounds(deliveries(5, [1, 2]), warned, NOW)).toBe("no_new_fault");
    expect(suspensionGrounds(deliveries(5, [0]), warned, NOW)).toBe("ok");
    // A thumbs down or a late ride after it counts as well.
    const down = deliveries(5, []).map((d, i) => (i === 0 ? { ...d, downAt: ago(0.5) } : d));
    expect(suspensionGrounds(down, warned, NOW)).toBe("ok");
    expect(
      suspensionGrounds(
        deliveries(5, []).map((d, i) => (i === 0 ? { ...d, late: true } : d)),
        warned,
        NOW,
      ),
    ).toBe("ok");
    // A warning 31 days ago has lapsed; a suspension since the fault (then restored) needs another.
    expect(suspensionGrounds(deliveries(5, [0]), [{ kind: "warning", rule: null, at: ago(31) }], NOW)).toBe("no_warning");
    expect(suspensionGrounds(deliveries(5, [0]), [...warned, { kind: "suspension", rule: null, at: ago(0.5) }], NOW)).toBe("no_new_fault");
  });

  it("an override is 20 to 500 characters; an appeal's note 20 to 2,000", () => {
    expect(courierActionSchema.safeParse({ action: "suspend", reason: "Rude", override: "Because" }).error?.issues.map(englishIssue)[0]).toMatchObject({
      path: ["override"],
      message: "Say in 20 to 500 characters why this courier is suspended without a warning and a new fault (they read it)",
    });
    expect(courierActionSchema.parse({ action: "suspend", reason: "Rude", override: "  A safety report from the customer  " }).override).toBe(
      "A safety report from the customer",
    );
    for (const note of ["", "   ", "Why?"]) {
      expect(courierAppealInputSchema.safeParse({ note }).error?.issues.map(englishIssue)[0]).toMatchObject({
        path: ["note"],
        message: "Tell Nosh why the suspension should be lifted, in 20 to 2,000 characters",
      });
    }
    expect(courierAppealInputSchema.parse({ note: "The customer gave the wrong address." }).note).toBe("The customer gave the wrong address.");
  });

  it("counts the last deliveries within 30 days only", () => {
    // Two failures, 31 and 32 days ago: outside the window.
    expect(decide(deliveries(5, [0, 1], 31), [], NOW)).toEqual([]);
    // A warning 31 days ago has lapsed: a new one, not a suspension.
    expect(decide(deliveries(5, [0, 1, 2]), [{ kind: "warning", rule: "failed", at: ago(31) }], NOW)).toEqual([{ kind: "warning", rule: failedRule }]);
    // Failures beyond the last 5 deliveries do not count toward "2 of 5".
    expect(decide(deliveries(8, [5, 6]), [], NOW)).toEqual([]);
  });
});

describe("on the database", async () => {
  const shop = await m.fixtures.shop("record-owner");
  const customer = await m.fixtures.customer("record-customer");
  let serial = 0;
  const newCourier = () => db.user.create({ data: { firstName: "Rae", lastName: `Rider${++serial}`, courier: true, courierStatus: "approved" } });
  const operator = () => db.user.create({ data: { firstName: "Nia", operator: true } });
  const told = (userId: number) =>
    db.notification.findMany({ where: { userId, channel: "in_app" }, orderBy: { id: "asc" } }).then((rows) => rows.map((row) => JSON.parse(row.payload).stage));

  /** A job of `courierId`'s that ended `state` at `closedAt`. */
  async function ended(courierId: number, state: "delivered" | "failed", closedAt: Date) {
    const order = await db.order.create({
      data: { userId: customer.id, restaurantId: shop.restaurant.id, restaurantName: shop.restaurant.name, stage: "canceled", closedAt },
    });
    await db.deliveryJob.create({
      data: {
        orderId: order.id,
        restaurantId: shop.restaurant.id,
        userId: customer.id,
        state,
        courierId,
        payCents: 500,
        pickupLat: 0,
        pickupLng: 0,
        dropoffLat: 0,
        dropoffLng: 0.01,
        dropoffAddress: "1 Main St",
        itemsCount: 1,
        pickedUpAt: new Date(closedAt.getTime() - 10 * 60_000),
        assignedAt: new Date(closedAt.getTime() - 30 * 60_000),
        closedAt,
      },
    });
  }
  const evaluate = (courierId: number, now: Date) => db.$transaction((tx) => m.standing.evaluateRecord(tx, courierId, now));

  it("a courier past the warning threshold is warned (audited, told), and suspended only by a failure after it", async () => {
    const rider = await newCourier();
    const now = new Date();
    await ended(rider.id, "delivered", new Date(now.getTime() - 5 * 3600_000));
    await ended(rider.id, "failed", new Date(now.getTime() - 4 * 3600_000));
    await ended(rider.id, "failed", new Date(now.getTime() - 3 * 3600_000));
    await ended(rider.id, "failed", new Date(now.getTime() - 2 * 3600_000));
    // The sweep on two instances at once: one warning.
    const [one, two] = await Promise.all([evaluate(rider.id, now), evaluate(rider.id, now)]);
    expect([...one, ...two].map((d) => d.kind)).toEqual(["warning"]);
    expect(await db.courierStanding.count({ where: { courierId: rider.id } })).toBe(1);
    // Again: the same marks give nothing more.
    expect(await evaluate(rider.id, new Date(now.getTime() + 1000))).toEqual([]);
    expect((await db.user.findUniqueOrThrow({ where: { id: rider.id } })).courierStatus).toBe("approved");
    const record = courierRecordSchema.parse(await m.record.courierRecord(rider, new Date(now.getTime() + 2000)));
    expect(record.rules[0]).toMatchObject({ key: "failed", warning: "2 of 5 in 30 days", suspension: "3 of 5 in 30 days", count: 3, warned: true });
    expect(record).toMatchObject({ failed: 3, deliveries: 4, completion: { percent: 25 }, standings: [{ kind: "warning", rule: "failed" }] });

    const later = new Date(now.getTime() + 60_000);
    await ended(rider.id, "failed", later);
    expect((await evaluate(rider.id, new Date(later.getTime() + 1000))).map((d) => d.kind)).toEqual(["suspension"]);
    const after = await db.user.findUniqueOrThrow({ where: { id: rider.id } });
    expect(after).toMatchObject({ courier: false, courierStatus: "suspended" });
    expect((await db.auditLog.findMany({ where: { targetType: "user", targetId: rider.id }, orderBy: { id: "asc" } })).map((a) => a.action)).toEqual([
      "courier.warn",
      "courier.suspend",
    ]);
    expect(await told(rider.id)).toEqual(["warned", "suspended"]);
  });

  it("an operator's suspension needs a warning and a new fault after it, else an override the courier reads", async () => {
    const nia = await operator();
    const a = await newCourier();
    await expect(m.couriers.actOnCourier(nia, a.id, { action: "suspend", reason: "Complaints" })).rejects.toMatchObject({
      status: 409,
      message:
        "A suspension needs a warning and a new fault after it, and this courier has no warning in the last 30 days. Warn them first, or say why you suspend them anyway (the courier reads it)",
      errors: {
        override:
          "A suspension needs a warning and a new fault after it, and this courier has no warning in the last 30 days. Warn them first, or say why you suspend them anyway (the courier reads it)",
      },
    });
    // Warned, then suspended a minute later with 0 late, 0 failed and 0 thumbs down: refused.
    await m.couriers.actOnCourier(nia, a.id, { action: "warn", reason: "Rude at the door" }, new Date(Date.now() - 3600_000));
    await expect(m.couriers.actOnCourier(nia, a.id, { action: "suspend", reason: "Rude again" })).rejects.toMatchObject({
      status: 409,
      errors: {
        override:
          "A suspension needs a new fault after the warning, and this courier has had none since (no late or failed delivery, no thumbs down). Say why you suspend them anyway (the courier reads it), or wait",
      },
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: a.id } })).courierStatus).toBe("approved");
    // A failed delivery after the warning: the rule is kept.
    await ended(a.id, "failed", new Date(Date.now() - 60_000));
    expect(await m.couriers.actOnCourier(nia, a.id, { action: "suspend", reason: "Rude again" })).toEqual({ id: a.id, status: "suspended" });
    expect(await db.courierStanding.findFirstOrThrow({ where: { courierId: a.id, kind: "suspension" } })).toMatchObject({ override: null });
    expect(await told(a.id)).toEqual(["warned", "suspended"]);

    // No warning, no fault: an override goes ahead, kept with the suspension, audited and on the courier's record.
    const b = await newCourier();
    const why = "A customer reported a threat at the door on order #12";
    await m.couriers.actOnCourier(nia, b.id, { action: "suspend", reason: "Threatened a customer", safety: true, override: why });
    expect(await db.courierStanding.findFirstOrThrow({ where: { courierId: b.id } })).toMatchObject({
      kind: "suspension",
      safety: true,
      override: why,
      operatorId: nia.id,
    });
    expect((await db.auditLog.findFirstOrThrow({ where: { targetId: b.id, action: "courier.suspend" } })).detail).toContain(why);
    const suspended = await db.user.findUniqueOrThrow({ where: { id: b.id } });
    expect(courierRecordSchema.parse(await m.record.courierRecord(suspended)).standings).toEqual([
      expect.objectContaining({ kind: "suspension", reason: "Threatened a customer", override: why, safety: true }),
    ]);
  });

  it("a suspended courier appeals; the operator's queue has it with the trail and the answer-by date; the answer restores them and reaches them", async () => {
    const nia = await operator();
    const rider = await newCourier();
    await ended(rider.id, "failed", new Date(Date.now() - 3600_000));
    await db.courierPosition.create({ data: { courierId: rider.id, lat: 1, lng: 2, at: new Date() } });
    // An approved courier cannot appeal; someone who never delivered is refused.
    await expect(m.appeals.appealSuspension(rider, courierAppealInputSchema.parse({ note: "Why was I suspended?" }), null)).rejects.toMatchObject({ status: 409 });
    await expect(m.record.courierRecord(customer)).rejects.toMatchObject({ status: 403 });
    await m.couriers.actOnCourier(nia, rider.id, {
      action: "suspend",
      reason: "Unsafe riding reported",
      safety: true,
      override: "Unsafe riding reported by two customers",
    });
    const suspended = await db.user.findUniqueOrThrow({ where: { id: rider.id } });

    const sent = await m.appeals.appealSuspension(suspended, courierAppealInputSchema.parse({ note: "  The customer gave the wrong address.  " }), null);
    expect(sent.appeal).toMatchObject({ status: "open", note: "The customer gave the wrong address.", answer: null });
    expect(new Date(sent.appeal.answerBy).getTime() - new Date(sent.appeal.createdAt).getTime()).toBe(3 * DAY);
    const again = await Promise.allSettled(
      [1, 2].map(() => m.appeals.appealSuspension(suspended, courierAppealInputSchema.parse({ note: "Again: the address was wrong" }), null)),
    );
    expect(again.map((r) => r.status)).toEqual(["rejected", "rejected"]);

    const queue = operatorAppealsPageSchema.parse(await m.appeals.listAppeals(nia, operatorAppealsQuerySchema.parse({ limit: "100" })));
    const mine = queue.items.find((item) => item.courier.id === rider.id)!;
    expect(mine).toMatchObject({
      suspension: { reason: "Unsafe riding reported", safety: true, override: "Unsafe riding reported by two customers" },
      trail: { positions: [{ lat: 1, lng: 2 }] },
    });
    expect(mine.trail.jobs).toHaveLength(1);

    await m.appeals.decideAppeal(nia, mine.id, appealDecisionSchema.parse({ action: "overturn", answer: "The address was wrong: restored." }));
    await expect(m.appeals.decideAppeal(nia, mine.id, appealDecisionSchema.parse({ action: "uphold", answer: "No" }))).rejects.toMatchObject({ status: 409 });
    const restored = await db.user.findUniqueOrThrow({ where: { id: rider.id } });
    expect(restored).toMatchObject({ courier: true, courierStatus: "approved" });
    expect(await told(rider.id)).toEqual(["suspended", "appeal_overturned"]);
    expect((await m.record.courierRecord(restored)).appeal).toMatchObject({ status: "overturned", answer: "The address was wrong: restored." });
    expect((await db.auditLog.findMany({ where: { targetId: rider.id, targetType: "user" } })).map((a) => a.action)).toContain("courier.appeal.overturn");
  });

  it("the evidence is stored privately; a deleted account's appeals keep their decision without their words or photo", async () => {
    const nia = await operator();
    const rider = await db.user.create({
      data: { firstName: "Del", courier: true, courierStatus: "approved", passwordHash: await m.passwords.hashPassword("correct horse battery") },
    });
    await m.couriers.actOnCourier(nia, rider.id, { action: "suspend", reason: "Safety", safety: true, override: "A safety report from a customer" });
    const photo = new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 60, height: 40, channels: 3, background: "#335577" } })
            .png()
            .toBuffer(),
        ),
      ],
      "door.png",
      {
        type: "image/png",
      },
    );
    const suspended = await db.user.findUniqueOrThrow({ where: { id: rider.id } });
    await m.appeals.appealSuspension(suspended, courierAppealInputSchema.parse({ note: "My words about the suspension" }), photo);
    const stored = await db.courierAppeal.findFirstOrThrow({ where: { courierId: rider.id } });
    expect(stored.evidence).toMatch(/^appeal_\d+_[a-f0-9]{16}\.webp$/);
    expect(await m.appeals.appealEvidence(nia, stored.id)).toBeInstanceOf(Buffer);

    await m.deletion.deleteAccount(suspended, rider.id, { password: "correct horse battery" }, "203.0.113.9");
    const after = await db.courierAppeal.findUniqueOrThrow({ where: { id: stored.id } });
    expect(after).toMatchObject({ status: "open", evidence: null });
    expect(after.note).not.toContain("My words");
    expect(await m.pictures.readPrivatePicture(stored.evidence!)).toBeNull();
  });
});
