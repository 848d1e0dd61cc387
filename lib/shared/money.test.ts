import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatCents, percentOf } from "./money";

describe("money helpers", () => {
  it("turns cents into dollars with at most two decimals", () => {
    expect(centsToDollars(99_999)).toBe(999.99);
    expect(centsToDollars(649)).toBe(6.49);
    expect(centsToDollars(0)).toBe(0);
  });

  it("reads dollars into cents without float drift", () => {
    expect(dollarsToCents(0.1 + 0.2 > 0.3 ? "0.30" : 0)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents("1000")).toBe(100_000);
    expect(dollarsToCents(".5")).toBe(50);
    expect(dollarsToCents(1.005)).toBeNull();
    expect(dollarsToCents("12abc")).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(dollarsToCents(Infinity)).toBeNull();
  });

  it("formats cents for display", () => {
    expect(formatCents(123_456)).toBe("$1,234.56");
  });

  it("rounds percentages half up to the cent", () => {
    expect(percentOf(1000, 15)).toBe(150);
    expect(percentOf(1003, 15)).toBe(150);
    expect(percentOf(1010, 15)).toBe(152);
  });
});
