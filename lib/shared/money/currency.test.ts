import { describe, expect, it } from "vitest";
import { majorIn, majorToMinor } from "./currency";
import { centsOfAmount, centsToDollars, dollarsToCents } from "./money";

// An API amount is major units of its row's currency (docs/architecture/languages.md "Markets and currencies").

describe("amounts in a currency's own digits", () => {
  it("writes USD as centsToDollars did, and yen whole", () => {
    for (const cents of [0, 1, 99, 1250, 99999, -505]) expect(majorIn("USD")(cents)).toBe(centsToDollars(cents));
    expect(majorIn("MXN")(123456)).toBe(1234.56);
    expect(majorIn("JPY")(1500)).toBe(1500);
  });

  it("reads USD as dollarsToCents did, and yen without decimals", () => {
    for (const text of ["12.5", "12.50", "0.99", ".5", "1000"]) expect(majorToMinor(text, "USD")).toBe(dollarsToCents(text));
    expect(majorToMinor("1500", "JPY")).toBe(1500);
    expect(majorToMinor("12.5", "JPY")).toBeNull();
    expect(majorToMinor(12.5, "JPY")).toBeNull();
  });

  it("turns an API amount back into minor units for formatCents", () => {
    expect(centsOfAmount(12.99, "USD")).toBe(1299);
    expect(centsOfAmount(1500, "JPY")).toBe(1500);
  });
});
