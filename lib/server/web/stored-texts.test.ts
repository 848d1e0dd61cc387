import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { FAILURE_REASONS } from "@/lib/shared/delivery/delivery";
import { rejectionOf } from "@/lib/shared/orders/order-stages";
import { ENGLISH_PACKING, packingSummary, packingSummaryIn } from "@/lib/shared/kitchen/packing";
import { orderReasonText, reasonColumns, reasonOf, reasonText, type StoredReason } from "@/lib/shared/words/stored-texts";
import { wordsFor } from "@/lib/i18n/translate";
import { setUpTestDatabase, testingOnPostgres } from "../platform/testing/db";

setUpTestDatabase();
const { db } = await import("../platform/db");
const { failedDeliveryReason } = await import("../courier-steps/failed");
const { flagReasonIn, reasonWordsIn } = await import("./stored-texts");
const { AWAY_FLAG, NO_POSITION_FLAG } = await import("../courier-steps/at-stop");

// Why an order ended is stored as its key and values (lib/shared/words/stored-texts.ts) and written
// in the reader's words; an owner's note stays as typed. A delivery's flag lines are read from English.

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
    for (const { value, label } of FAILURE_REASONS) expect(reasonText(failedDeliveryReason(value), en)).toBe(`The courier could not deliver this order: ${label}`);
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
      ...FAILURE_REASONS.map((reason) => `The courier could not deliver this order: ${reason.label}`),
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
    const stored = packingSummary(lines, "America/Los_Angeles")!;
    expect(stored).toMatch(/^packed 2\/2, Ana, 7:02\sPM$/);
    expect(packingSummaryIn(stored, ENGLISH_PACKING, "en")).toBe(stored);
    const spanish = packingSummary(lines, "America/Los_Angeles", wordsFor("es", "lines").packing, "es");
    expect(packingSummaryIn(stored, wordsFor("es", "lines").packing, "es")).toBe(spanish);
    const byStaff = packingSummary([lines[1]!], "America/Los_Angeles")!;
    expect(packingSummaryIn(byStaff, wordsFor("es", "lines").packing, "es")).toBe(
      packingSummary([lines[1]!], "America/Los_Angeles", wordsFor("es", "lines").packing, "es"),
    );
    expect(packingSummaryIn("something else", wordsFor("es", "lines").packing, "es")).toBe("something else");
  });

  it("reads a delivery's flag lines in the reader's words, its metres too; English and unknown lines as stored", () => {
    const stored = `${NO_POSITION_FLAG("arrived")}; ${AWAY_FLAG("delivered", 340, 15)}`;
    expect(stored).toBe("arrived with no position in the last 2 minutes; delivered 340 m from the drop-off (position accuracy 15 m)");
    expect(flagReasonIn("en", stored)).toBe(stored);
    expect(flagReasonIn("es", stored)).toBe(
      "llegada marcada sin posición en los últimos 2 minutos; entrega marcada a 340 m del punto de entrega (precisión de la posición: 15 m)",
    );
    expect(flagReasonIn("es", AWAY_FLAG("picked_up", 1200, 8))).toBe("recogida marcada a 1200 m del restaurante (precisión de la posición: 8 m)");
    expect(flagReasonIn("es", "something an operator wrote")).toBe("something an operator wrote");
  });
});
