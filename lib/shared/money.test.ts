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
