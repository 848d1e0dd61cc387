import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, isCurrency, majorToMinor, minorPerMajor, minorToMajor } from "./currency";
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

  it("formats cents for display exactly as Intl's en-US dollars do, without Intl", () => {
    expect(formatCents(123_456)).toBe("$1,234.56");
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const signed = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", signDisplay: "always" });
    const samples = [0, 1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456, 999_999, 1_000_000, 12_345_678_901, 2 ** 40];
    for (let i = 0; i < 2_000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const cents of samples.flatMap((c) => [c, -c]).filter((c) => !Object.is(c, -0))) {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
      expect(formatCents(cents, { signAlways: true })).toBe(signed.format(cents / 100));
    }
  });

  it("formats another currency with its own symbol and digits, as Intl's en-US does", () => {
    expect(formatCents(123_456, { currency: "MXN" })).toBe("MX$1,234.56");
    expect(formatCents(500, { currency: "CAD", signAlways: true })).toBe("+CA$5.00");
    expect(formatCents(1_235, { currency: "JPY" })).toBe("¥1,235");
    expect(formatCents(123_456, { currency: "USD" })).toBe(formatCents(123_456));
    for (const currency of CURRENCY_CODES) {
      const intl = new Intl.NumberFormat("en-US", { style: "currency", currency });
      const signed = new Intl.NumberFormat("en-US", { style: "currency", currency, signDisplay: "always" });
      const unit = minorPerMajor(currency);
      for (const minor of [1, 9, 10, 99, 100, 999, 1_000, 123_456, 12_345_678_901].flatMap((c) => [c, -c])) {
        expect(formatCents(minor, { currency }), currency).toBe(intl.format(minor / unit));
        expect(formatCents(minor, { currency, signAlways: true }), currency).toBe(signed.format(minor / unit));
      }
    }
    expect(formatCents(-0.4, { currency: "MXN" })).toBe("MX$0.00");
    expect(formatCents(123_456, { currency: "MXN", locale: "es" })).toBe(new Intl.NumberFormat("es", { style: "currency", currency: "MXN" }).format(1234.56));
  });

  it("converts major and minor units with the currency's digits", () => {
    expect(minorToMajor(99_999, "MXN")).toBe(999.99);
    expect(minorToMajor(1_500, "JPY")).toBe(1_500);
    expect(majorToMinor("12.5", "CAD")).toBe(1_250);
    expect(majorToMinor("1500", "JPY")).toBe(1_500);
    expect(majorToMinor("15.5", "JPY")).toBeNull();
    expect(majorToMinor("1.005", "MXN")).toBeNull();
    expect(majorToMinor(".5", "USD")).toBe(50);
    expect(isCurrency("MXN") && !isCurrency("mxn") && !isCurrency("toString")).toBe(true);
  });

  it.each(["es", "fr"] as const)("formats cents in %s exactly as Intl does, without Intl", (locale) => {
    const plain = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" });
    const signed = new Intl.NumberFormat(locale, { style: "currency", currency: "USD", signDisplay: "always" });
    const samples = [0, 1, 99, 100, 99_999, 100_000, 123_456, 999_999, 1_000_000, 12_345_678_901, 2 ** 40];
    for (let i = 0; i < 2_000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const cents of samples.flatMap((c) => [c, -c]).filter((c) => !Object.is(c, -0))) {
      expect(formatCents(cents, { locale })).toBe(plain.format(cents / 100));
      expect(formatCents(cents, { locale, signAlways: true })).toBe(signed.format(cents / 100));
    }
    if (locale === "es") {
      expect(formatCents(123_456, { locale })).toBe("1234,56\u00a0US$");
      expect(formatCents(1_234_567, { locale })).toBe("12.345,67\u00a0US$");
    }
  });

  it("rounds percentages half up to the cent", () => {
    expect(percentOf(1000, 15)).toBe(150);
    expect(percentOf(1003, 15)).toBe(150);
    expect(percentOf(1010, 15)).toBe(152);
  });
});
