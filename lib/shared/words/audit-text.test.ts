import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { wordsFor } from "@/lib/i18n/translate";
import { auditParts, keyLabel } from "./audit-text";

// The audit log in words, not `from: null, to: 12` nor a raw ISO date.

describe("auditParts", () => {
  it("a commission change reads from the default to a percentage", () => {
    expect(auditParts("restaurant.commission", { from: null, to: 12 })).toEqual([{ label: "Commission", text: "the default → 12%" }]);
    expect(auditParts("restaurant.commission", { from: 12, to: 7 })).toEqual([{ label: "Commission", text: "12% → 7%" }]);
  });

  it("an instant is left for the page to print in the operator's zone; yes and no, dollars and ids in words", () => {
    expect(auditParts("restaurant.restore", { suspendedAt: "2026-11-27T01:04:30.869Z" })).toEqual([{ label: "Suspended at", at: "2026-11-27T01:04:30.869Z" }]);
    expect(auditParts("restaurant.suspend", { wasTakingOrders: true })).toEqual([{ label: "Was taking orders", text: "yes" }]);
    expect(auditParts("delivery.approve", { orderId: 12, courierId: 5, amountCents: 650 })).toEqual([
      { label: "Order", text: "#12" },
      { label: "Courier", text: "#5" },
      { label: "Amount", text: "$6.50" },
    ]);
    expect(auditParts("courier.approve", { from: "pending", to: "approved" })).toEqual([{ label: "Status", text: "pending → approved" }]);
    expect(auditParts("user.suspend", null)).toEqual([]);
  });
});

describe("auditParts in the operator's language", () => {
  const es = wordsFor("es", "lines").audit;
  it("English's labels in the catalogue are the keys spaced out, and its words give the same parts", () => {
    for (const [key, label] of Object.entries(ENGLISH.lines.audit.labels)) expect(keyLabel(key)).toBe(label);
    const en = wordsFor("en", "lines").audit;
    for (const [action, detail] of [
      ["restaurant.commission", { from: null, to: 12 }],
      ["courier.approve", { from: "pending", to: null }],
      ["delivery.approve", { orderId: 12, wasTakingOrders: false, other: { a: null }, someNewKey: 1 }],
    ] as const)
      expect(auditParts(action, detail, en)).toEqual(auditParts(action, detail));
  });
  it("in Spanish: known labels and the values' words; an unknown key stays English's", () => {
    expect(auditParts("restaurant.commission", { from: null, to: 12 }, es)).toEqual([{ label: "Comisión", text: "la predeterminada → 12%" }]);
    expect(auditParts("courier.approve", { from: "pending", to: null }, es)).toEqual([{ label: "Estado", text: "pending → ninguno" }]);
    expect(auditParts("restaurant.suspend", { wasTakingOrders: true, suspendedAt: "2026-11-27T01:04:30.869Z", someNewKey: false }, es)).toEqual([
      { label: "Aceptaba pedidos", text: "sí" },
      { label: "Suspendido el", at: "2026-11-27T01:04:30.869Z" },
      { label: "Some new key", text: "no" },
    ]);
    // Amounts and days the Spanish way; English's as they were.
    expect(auditParts("tax.rate", { amountCents: 2500, effectiveOn: "2999-01-01", polygon: [{ lat: 61.95, lng: -162.08 }] }, es, "es")).toEqual([
      { label: "Monto", text: "25,00\u00a0US$" },
      { label: es.labels.effectiveOn, text: "1 ene 2999" },
      { label: "Polygon", text: "0: lat: 61,95, lng: -162,08" },
    ]);
    expect(auditParts("tax.rate", { amountCents: 2500, effectiveOn: "2999-01-01" })).toEqual([
      { label: "Amount", text: "$25.00" },
      { label: "Effective on", text: "2999-01-01" },
    ]);
  });
});
