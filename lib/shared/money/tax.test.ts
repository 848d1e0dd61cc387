import { describe, expect, it } from "vitest";
import { jurisdictionOf, orderTax, pickRate, rateFromPercent, refundTax, taxableBase, taxOfBase, type TaxRate } from "./tax";

const rate = (id: number, state: string, zipPrefix: string, rateMilliPercent: number, effectiveOn: string, taxesFees = false): TaxRate => ({
  id,
  state,
  zipPrefix,
  rateMilliPercent,
  taxesFees,
  effectiveOn,
});

describe("taxOfBase: one rounding per order, half up to the cent", () => {
  it.each([
    [1000, 8625, 86], // 86.25 -> 86
    [2000, 8625, 173], // 172.5 -> 173 (half up)
    [1999, 10250, 205], // 204.8975 -> 205
    [1, 8625, 0], // 0.08625 -> 0
    [6, 8625, 1], // 0.5175 -> 1
    [0, 8625, 0],
    [1000, 0, 0],
  ])("%i cents at %i thousandths of a percent is %i", (base, milli, tax) => {
    expect(taxOfBase(base, milli)).toBe(tax);
  });
  it("stays exact for large orders (no floating point)", () => {
    expect(taxOfBase(99_999_99, 8625)).toBe(862_500); // 862499.91375
    expect(taxOfBase(2, 25_000)).toBe(1); // 0.5 -> 1
  });
});

describe("pickRate: the longest ZIP prefix, then the latest effective date", () => {
  const rates = [
    rate(1, "CA", "", 7250, "2020-01-01"),
    rate(2, "CA", "941", 8625, "2020-01-01"),
    rate(3, "CA", "946", 10250, "2020-01-01"),
    rate(4, "CA", "9461", 9000, "2020-01-01"),
    rate(5, "CA", "941", 8750, "2027-01-01"),
    rate(6, "NY", "", 4000, "2020-01-01"),
  ];
  it("a ZIP under a prefix takes it; a longer prefix wins", () => {
    expect(pickRate(rates, { state: "CA", zip: "94110" }, "2026-11-27")?.id).toBe(2);
    expect(pickRate(rates, { state: "CA", zip: "94607" }, "2026-11-27")?.id).toBe(3);
    expect(pickRate(rates, { state: "CA", zip: "94611" }, "2026-11-27")?.id).toBe(4);
  });
  it("elsewhere in the state the state's rate; another state none", () => {
    expect(pickRate(rates, { state: "CA", zip: "90210" }, "2026-11-27")?.id).toBe(1);
    expect(pickRate(rates, { state: "ca ", zip: " 90210" }, "2026-11-27")?.id).toBe(1);
    expect(pickRate(rates, { state: "TX", zip: "73301" }, "2026-11-27")).toBeNull();
  });
  it("a new rate applies from its effective date on; the old one before", () => {
    expect(pickRate(rates, { state: "CA", zip: "94110" }, "2026-12-31")?.id).toBe(2);
    expect(pickRate(rates, { state: "CA", zip: "94110" }, "2027-01-01")?.id).toBe(5);
    expect(pickRate(rates, { state: "CA", zip: "94110" }, "2019-12-31")).toBeNull();
  });
  it("two rows of the same prefix and date: the newest row", () => {
    expect(pickRate([rate(7, "CA", "", 7000, "2020-01-01"), rate(8, "CA", "", 7250, "2020-01-01")], { state: "CA", zip: "90001" }, "2026-01-01")?.id).toBe(8);
  });
});

describe("an order's tax", () => {
  const order = { subtotalCents: 2500, deliveryFeeCents: 649, priorityFeeCents: 149, serviceFeeCents: 250 };
  it("taxes the items; the fees only when the rate says so; never the tip", () => {
    expect(orderTax(order, { rateMilliPercent: 8625, taxesFees: false })).toBe(216); // 215.625
    expect(orderTax(order, { rateMilliPercent: 8625, taxesFees: true })).toBe(306); // 3548 * 8.625% = 306.015
  });
  it("without a rate the tax is 0", () => {
    expect(orderTax(order, null)).toBe(0);
  });
  it("a discount comes off what it discounts", () => {
    expect(taxableBase({ ...order, discountCents: 500, discountOn: "items" }, { taxesFees: false })).toBe(2000);
    expect(taxableBase({ ...order, discountCents: 649, discountOn: "fees" }, { taxesFees: false })).toBe(2500);
    expect(taxableBase({ ...order, discountCents: 649, discountOn: "fees" }, { taxesFees: true })).toBe(2500 + 149 + 250);
    expect(taxableBase({ ...order, discountCents: 9999, discountOn: "items" }, { taxesFees: false })).toBe(0);
  });
});

describe("refundTax", () => {
  const order = { taxCents: 216, taxRateMilliPercent: 8625, taxesFees: false };
  it("the refunded items' tax at the order's rate; fees only if taxed", () => {
    expect(refundTax(order, { items: 1000, fees: 649 })).toBe(86);
    expect(refundTax({ ...order, taxesFees: true }, { items: 1000, fees: 649 })).toBe(142); // 1649 * 8.625% = 142.22
  });
  it("never more than the order still holds", () => {
    expect(refundTax(order, { items: 2500, fees: 0 }, 100)).toBe(100);
    expect(refundTax({ taxCents: 0, taxRateMilliPercent: null, taxesFees: false }, { items: 2500, fees: 0 })).toBe(0);
  });
});

describe("names and input", () => {
  it("names a jurisdiction", () => {
    expect(jurisdictionOf({ state: "CA", zipPrefix: "941" })).toBe("CA 941");
    expect(jurisdictionOf({ state: "CA", zipPrefix: "" })).toBe("CA");
  });
  it("reads a percent exactly", () => {
    expect(rateFromPercent("8.625")).toBe(8625);
    expect(rateFromPercent(10.25)).toBe(10250);
    expect(rateFromPercent("7")).toBe(7000);
    expect(rateFromPercent("8.6251")).toBeNull();
    expect(rateFromPercent("-1")).toBeNull();
    expect(rateFromPercent("abc")).toBeNull();
  });
});
