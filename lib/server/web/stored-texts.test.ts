import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { FAILURE_REASONS } from "@/lib/shared/delivery/delivery";
import {
  CANCELED_BY_RESTAURANT_REASON,
  EXPIRED_REASON,
  PAY_LINK_REASON,
  REJECTION_REASON_KEYS,
  RESTAURANT_CLOSED_REASON,
  UNPAID_REASON,
  rejectionText,
} from "@/lib/shared/orders/order-stages";
import { ENGLISH_PACKING, packingSummary, packingSummaryIn } from "@/lib/shared/kitchen/packing";
import { storedText } from "@/lib/shared/words/stored-texts";
import { failedDeliveryReason } from "../courier-steps/failed";
import { OPERATOR_CANCELED_REASON } from "../operators/order-actions";
import { UNDISPATCHED_REASON } from "../orders/undispatched";
import { AWAY_FLAG, NO_POSITION_FLAG } from "../courier-steps/at-stop";
import { flagReasonIn, storedTextWordsIn } from "./stored-texts";
import { wordsFor } from "@/lib/i18n/translate";

// Texts chosen from a fixed list and stored in English, shown in the reader's language
// (lib/shared/words/stored-texts.ts); an owner's note and anything typed stay as written.

describe("stored fixed-choice texts", () => {
  const es = storedTextWordsIn("es")!;

  it("has the code's English for every fixed choice, and Spanish words for each", () => {
    const english = Object.values(ENGLISH.server.storedTexts.choices);
    const choices = [
      ...Object.values(REJECTION_REASON_KEYS).map((key) => ENGLISH.server.storedTexts.choices[key]),
      EXPIRED_REASON,
      CANCELED_BY_RESTAURANT_REASON,
      RESTAURANT_CLOSED_REASON,
      UNPAID_REASON,
      PAY_LINK_REASON,
      UNDISPATCHED_REASON,
      OPERATOR_CANCELED_REASON,
      failedDeliveryReason("").slice(0, -2),
      ...FAILURE_REASONS.map((reason) => reason.label),
    ];
    expect(english.toSorted()).toEqual(choices.toSorted());
    for (const text of choices) expect(es[text], text).not.toBe(text);
    expect(storedTextWordsIn("en")).toBeUndefined();
  });

  it("reads a choice in the reader's words, an owner's note as typed", () => {
    expect(storedText(rejectionText("out_of_stock", ENGLISH.server.storedTexts.choices, "no salmon today"), es)).toBe("Sin existencias: no salmon today");
    expect(storedText(rejectionText("too_busy", ENGLISH.server.storedTexts.choices), es)).toBe("Demasiado trabajo");
    expect(storedText(EXPIRED_REASON, es)).toBe("El restaurante no confirmó tu pedido");
    expect(storedText(UNDISPATCHED_REASON, es)).toMatch(/^No pudimos enviar un repartidor/);
    expect(storedText(failedDeliveryReason("Couldn't reach you"), es)).toBe("El repartidor no pudo entregar este pedido: No pudimos contactarte");
    // Free text, English, and no words: as stored.
    expect(storedText("Kitchen fire: sorry", es)).toBe("Kitchen fire: sorry");
    expect(storedText(rejectionText("closing", ENGLISH.server.storedTexts.choices, "early"), undefined)).toBe("Closing: early");
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
