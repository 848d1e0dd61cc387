import { describe, expect, it } from "vitest";
import { OFFER_SAID, PROMOTION_KINDS, promotionLabel, type PromotionKind } from "@/lib/shared/money/promotions";
import { said, saidTime } from "@/lib/shared/words/said";
import { errorTextIn } from "../platform/errors";

// Every label a customer or an owner reads for a promotion (lib/shared/money/promotions.ts
// promotionLabel, offers.ts offerLabel) and every reason an offer gives is the catalogue's
// `lines.offers`, written in the reader's language: each kind in English and in Spanish, none left
// in English when read in Spanish, no catalogue key or mark showing.

const base: { value: number; maxDiscountCents: number | null; minSubtotalCents: number; firstOrderOnly: boolean } = {
  value: 20,
  maxDiscountCents: null,
  minSubtotalCents: 0,
  firstOrderOnly: false,
};
const names = { dishName: "Margherita", sectionName: "Drinks" };

const LABELS: Record<PromotionKind, { terms: Partial<typeof base>; en: string; es: string }> = {
  percent: { terms: { maxDiscountCents: 800 }, en: "20% off (up to $8.00)", es: "20% de descuento (hasta $8.00)" },
  amount: { terms: { value: 500, minSubtotalCents: 2_500 }, en: "$5.00 off on orders of $25.00 or more", es: "$5.00 de descuento en pedidos de $25.00 o más" },
  free_delivery: { terms: { firstOrderOnly: true }, en: "Free delivery on your first order", es: "Envío gratis en tu primer pedido" },
  bogo: { terms: {}, en: "Buy 1 Margherita, get 1 free", es: "Compra 1 Margherita y llévate 1 gratis" },
  free_item: { terms: { minSubtotalCents: 2_500 }, en: "Free Margherita on orders of $25.00 or more", es: "Margherita gratis en pedidos de $25.00 o más" },
  section_percent: { terms: { firstOrderOnly: true }, en: "20% off Drinks on your first order", es: "20% de descuento en Drinks en tu primer pedido" },
};

describe("offer labels", () => {
  it.each(PROMOTION_KINDS)("a %s promotion's label is the catalogue's in English and in Spanish", (kind) => {
    const label = promotionLabel({ ...base, ...LABELS[kind].terms, ...names, kind });
    expect(errorTextIn("en", label)).toBe(LABELS[kind].en);
    expect(errorTextIn("es", label)).toBe(LABELS[kind].es);
  });

  it("without the dish's or section's name, a code and an offer together, and every reason an offer gives are written in both languages", () => {
    const unnamed = PROMOTION_KINDS.map((kind) => promotionLabel({ ...base, kind }));
    const both = said("lines.offers.both", { code: promotionLabel({ ...base, kind: "percent" }), offer: promotionLabel({ ...base, kind: "bogo" }) });
    const reasons = [
      ...Object.values(OFFER_SAID).filter((reason) => typeof reason === "string"),
      OFFER_SAID.spendMore(500),
      OFFER_SAID.starts(saidTime(new Date("2026-12-01T03:00:00Z"), "America/Los_Angeles", "shortDateTime")),
    ];
    for (const text of [...unnamed, both, ...reasons]) {
      const [en, es] = [errorTextIn("en", text), errorTextIn("es", text)];
      expect(en).not.toMatch(/\u2060|lines\.|offers\./);
      expect(es).not.toMatch(/\u2060|lines\.|offers\./);
      expect(es, `Spanish of "${en}"`).not.toBe(en);
    }
    expect(errorTextIn("es", both)).toBe("20% de descuento + Compra uno y llévate otro gratis");
    expect(errorTextIn("en", OFFER_SAID.starts(saidTime(new Date("2026-12-01T03:00:00Z"), "America/Los_Angeles", "shortDateTime")))).toBe("Starts Nov 30, 7:00 PM");
  });
});
