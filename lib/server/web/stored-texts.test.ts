import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { FAILURE_REASONS } from "@/lib/shared/delivery/delivery";
import { rejectionOf } from "@/lib/shared/orders/order-stages";
import { packingSummary, packingSummaryIn } from "@/lib/shared/kitchen/packing";
import { failureText, flagText, orderReasonText, reasonColumns, reasonOf, reasonText, type StoredReason } from "@/lib/shared/words/stored-texts";
import { wordsFor } from "@/lib/i18n/translate";
import { setUpTestDatabase, testingOnPostgres } from "../platform/testing/db";

setUpTestDatabase();
const { db } = await import("../platform/db");
const { failedDeliveryReason } = await import("../courier-steps/failed");
const { failureWordsIn, flagLinesIn, flagWordsIn, reasonWordsIn } = await import("./stored-texts");
const { failureOf, flagReasonOf } = await import("../dispatch/job-words");
const { formatEvent } = await import("../live/messages");
const { AWAY_FLAG, NO_POSITION_FLAG } = await import("../courier-steps/at-stop");

// Why an order ended is stored as its key and values (lib/shared/words/stored-texts.ts) and written
// in the reader's words; an owner's note stays as typed. A failed delivery's reason and a delivery's
// flags likewise (DeliveryJob.failureKey, DeliveryJob.flags); the API's English from the English catalogue.

describe("stored reasons", () => {
  const en = ENGLISH.server.storedTexts.choices;
  const es = reasonWordsIn("es");

  it("writes a reason from its key in the reader's words, the owner's note as typed, English as the spec has it", () => {
    expect(reasonText(rejectionOf("out_of_stock", "no salmon today"), en)).toBe("Out of stock: no salmon today");
    expect(reasonText(rejectionOf("out_of_stock", "no salmon today"), es)).toBe("Sin existencias: no salmon today");
    expect(reasonText(rejectionOf("too_busy"), es)).toBe("Demasiado trabajo");
    expect(reasonText({ key: "expired" }, en)).toBe("The restaurant did not confirm your order");
    expect(reasonText({ key: "expired" }, es)).toBe("El restaurante no confirmó tu pedido");
    expect(reasonText({ key: "undispatched" }, es)).toMatch(/^No pudimos enviar un repartidor/);
    expect(reasonText(failedDeliveryReason("unreachable"), es)).toBe("El repartidor no pudo entregar este pedido: No pudimos contactarte");
    // Each of the courier's reasons is one of the list: the customer reads its label.
    for (const { value, key } of FAILURE_REASONS) expect(reasonText(failedDeliveryReason(value), en)).toBe(`The courier could not deliver this order: ${en[key]}`);
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(es[key], key).not.toBe(en[key]);
  });

  it("reads its columns back; a text from before the keys, and no words, as written", () => {
    const reasons: StoredReason[] = [{ key: "expired" }, rejectionOf("closing", "early"), failedDeliveryReason("unsafe")];
    for (const reason of reasons) expect(reasonOf(reasonColumns(reason))).toEqual(reason);
    expect(reasonOf({ rejectionKey: null, rejectionValues: null })).toBeNull();
    expect(orderReasonText({ rejection: null, rejectionReason: "Kitchen fire: sorry" }, es)).toBe("Kitchen fire: sorry");
    expect(orderReasonText({ rejection: { key: "tooBusy" }, rejectionReason: "Too busy" }, undefined)).toBe("Too busy");
    expect(orderReasonText({ rejection: { key: "tooBusy" }, rejectionReason: "Too busy" }, es)).toBe("Demasiado trabajo");
  });

  it("maps the English rows written before the keys to their keys (the migration), and leaves any other text as written", async () => {
    const user = await db.user.create({ data: { firstName: "Ada" } });
    const english = [
      ...Object.values(en).filter((text) => !["Couldn't reach you", "Address not found", "Unsafe to deliver", "Other"].includes(text)),
      "Out of stock: no salmon today",
      "Closing: early",
      ...FAILURE_REASONS.map((reason) => `The courier could not deliver this order: ${en[reason.key]}`),
      "The courier could not deliver this order: Customer unreachable",
      "Kitchen fire: sorry",
    ].filter((text) => text !== en.courierFailed);
    const ids: number[] = [];
    for (const text of english) ids.push((await db.order.create({ data: { userId: user.id, restaurantName: "Kept", stage: "rejected", rejectionReason: text } })).id);
    // The migration of the database under test: SQLite's json_object, PostgreSQL's jsonb_build_object.
    const migrations = testingOnPostgres ? "prisma/postgresql/migrations" : "prisma/migrations";
    const migration = readFileSync(`${migrations}/20261219020000_rejection_keys/migration.sql`, "utf8");
    for (const statement of migration.match(/^UPDATE "Order"[\s\S]*?;$/gm)!) await db.$executeRawUnsafe(statement);
    const rows = await db.order.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    // Each mapped row reads as it did, in English; the unknown text stays in its column.
    expect(
      rows.map((row) => {
        const reason = reasonOf(row);
        return reason ? reasonText(reason, en) : row.rejectionReason;
      }),
    ).toEqual(english.map((text) => text.replace("Customer unreachable", "Couldn't reach you")));
    expect(rows.filter((row) => row.rejectionKey === null).map((row) => row.rejectionReason)).toEqual(["Kitchen fire: sorry"]);
    expect(rows.filter((row) => row.rejectionKey !== null).every((row) => row.rejectionReason === null)).toBe(true);
  });

  it("writes a sealed claim's stored packing line in the reader's words and time", () => {
    const lines = [
      { packedAt: "2026-11-28T03:02:00Z", packedBy: "Ana" },
      { packedAt: "2026-11-28T02:58:00Z", packedBy: null },
    ];
    const stored = packingSummary(lines, "America/Los_Angeles", ENGLISH.lines.packing)!;
    expect(stored).toMatch(/^packed 2\/2, Ana, 7:02\sPM$/);
    expect(packingSummaryIn(stored, ENGLISH.lines.packing, "en")).toBe(stored);
    const spanish = packingSummary(lines, "America/Los_Angeles", wordsFor("es", "lines").packing, "es");
    expect(packingSummaryIn(stored, wordsFor("es", "lines").packing, "es")).toBe(spanish);
    const byStaff = packingSummary([lines[1]!], "America/Los_Angeles", ENGLISH.lines.packing)!;
    expect(packingSummaryIn(byStaff, wordsFor("es", "lines").packing, "es")).toBe(
      packingSummary([lines[1]!], "America/Los_Angeles", wordsFor("es", "lines").packing, "es"),
    );
    expect(packingSummaryIn("something else", wordsFor("es", "lines").packing, "es")).toBe("something else");
  });

  it("writes a failed delivery's reason and a delivery's flags from their keys: the API's English as before, the reader's words on a screen", () => {
    const flags = [NO_POSITION_FLAG("arrived"), AWAY_FLAG("delivered", 340, 15)];
    const job = { flags: JSON.stringify(flags), flagReason: null };
    expect(flagReasonOf(job)).toBe("arrived with no position in the last 2 minutes; delivered 340 m from the drop-off (position accuracy 15 m)");
    expect(flagLinesIn("en", { flags, flagReason: null })).toBe(flagReasonOf(job));
    expect(flagLinesIn("es", { flags, flagReason: null })).toBe(
      "llegada marcada sin posición en los últimos 2 minutos; entrega marcada a 340 m del punto de entrega (precisión de la posición: 15 m)",
    );
    expect(flagText([AWAY_FLAG("picked_up", 1200, 8)], flagWordsIn("es"))).toBe("recogida marcada a 1200 m del restaurante (precisión de la posición: 8 m)");
    // Lines from before the keys that were none of the list: as written.
    expect(flagLinesIn("es", { flags: null, flagReason: "something an operator wrote" })).toBe("something an operator wrote");
    const failed = failureOf({ failureKey: "addressNotFound", failureReason: null });
    expect(failed).toEqual({ failureReason: "Address not found", failure: { key: "addressNotFound" } });
    expect(failureText(failed, failureWordsIn("es"))).toBe("No se encontró la dirección");
    expect(failureText(failed, undefined)).toBe("Address not found");
    // The stream's delivery_failed: its English reason written beside the stored key.
    const event = { id: 1, orderId: 2, userId: 3, restaurantId: 4, stage: "delivery_failed", detail: '{"failure":{"key":"unsafe"}}', at: new Date(0) };
    expect(formatEvent(event)).toContain(JSON.stringify({ reason: "Unsafe to deliver", failure: { key: "unsafe" } }));
  });

  it("maps a delivery's English reason, event and flag lines written before the keys to their keys (the migration), and leaves any other text as written", async () => {
    const user = await db.user.create({ data: { firstName: "Ada" } });
    const order = () => db.order.create({ data: { userId: user.id, restaurantName: "Kept", stage: "canceled" } });
    const flagLines = [
      "arrived 999 m from the restaurant (position accuracy 0 m); picked up with no position in the last 2 minutes; delivered 1498 m from the drop-off (position accuracy 20 m)",
      "delivered with no position in the last 2 minutes",
      "far_from_dropoff",
      "arrived with no position in the last 2 minutes; something an operator wrote",
    ];
    const failures = ["Couldn't reach you", "Customer unreachable", "Address not found", "Unsafe to deliver", "Other", "Kitchen fire"];
    const place = { pickupLat: 0, pickupLng: 0, dropoffLat: 0, dropoffLng: 0, dropoffAddress: "x", itemsCount: 1 };
    const job = async (data: object) =>
      db.deliveryJob.create({ data: { orderId: (await order()).id, userId: user.id, state: "failed", payCents: 0, ...place, ...data } });
    const ids: number[] = [];
    for (const flagReason of flagLines) ids.push((await job({ flagReason, flaggedAt: new Date() })).id);
    for (const failureReason of failures) ids.push((await job({ failureReason })).id);
    const event = await db.orderEvent.create({
      data: { orderId: (await order()).id, userId: user.id, stage: "delivery_failed", detail: JSON.stringify({ reason: "Couldn't reach you" }) },
    });
    // The migration of the database under test, from its rows on (its columns are the database's already).
    const migrations = testingOnPostgres ? "prisma/postgresql/migrations" : "prisma/migrations";
    const migration = readFileSync(`${migrations}/20261219031500_delivery_keys/migration.sql`, "utf8").split("-- The rows written so far")[1]!;
    for (const statement of migration.match(/^(UPDATE|ALTER)[\s\S]*?;$/gm)!) await db.$executeRawUnsafe(statement);
    const rows = await db.deliveryJob.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    // Each mapped row reads as it did, in English; an unknown text stays as written, with no keys.
    expect(rows.slice(0, flagLines.length).map((row) => flagReasonOf(row))).toEqual(flagLines);
    expect(rows.slice(0, flagLines.length).map((row) => row.flagReason)).toEqual([null, null, "far_from_dropoff", flagLines[3]]);
    expect(JSON.parse(rows[0]!.flags!)).toEqual([AWAY_FLAG("arrived", 999, 0), NO_POSITION_FLAG("picked_up"), AWAY_FLAG("delivered", 1498, 20)]);
    expect(rows.slice(flagLines.length).map((row) => failureOf(row).failureReason)).toEqual(
      failures.map((text) => text.replace("Customer unreachable", "Couldn't reach you")),
    );
    expect(rows.slice(flagLines.length).map((row) => row.failureKey)).toEqual(["unreachable", "unreachable", "addressNotFound", "unsafe", "other", null]);
    expect((await db.orderEvent.findUniqueOrThrow({ where: { id: event.id } })).detail).toBe('{"failure":{"key":"unreachable"}}');
  });
});
