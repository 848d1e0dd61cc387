import type { Locale } from "@/lib/i18n/locale";

// Money is integer cents (a currency's minor unit: lib/shared/money/currency.ts) everywhere; these are the only conversions.

/** Cents to a JSON dollar number with at most two decimals (99999 -> 999.99). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Dollars from a client (number or numeric string) to cents. Returns null when the value is
 * not a finite number or carries more than two decimals.
 */
export function dollarsToCents(dollars: number | string): number | null {
  const text = typeof dollars === "number" ? String(dollars) : dollars.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text) && !/^-?\d*\.\d{1,2}$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100);
}

export type FormatCentsOptions = { signAlways?: boolean; locale?: Locale; currency?: string };

const formatters: Record<string, Intl.NumberFormat> = {};

/**
 * "$1,234.56" for display ("-$5.00"; "+$5.00" with `signAlways`): what
 * `Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })` prints for whole cents, written
 * out because the browser's first Intl object loads its locale data, 40-70 ms of the main thread on
 * these machines (4x that on Lighthouse's phone), and money is formatted while the page hydrates
 * (docs/log/performance.md, "What blocks the paint on a phone"). money.test.ts compares the two.
 * Another language ("1234,56 US$" in Spanish) or a market's other currency (lib/shared/money/currency.ts;
 * `cents` is then its minor unit: "MX$1,234.56") is Intl's own: only such a reader pays for it, and
 * no language's or currency's table is in every page's first-load JavaScript, which has no room.
 */
export function formatCents(cents: number, { signAlways = false, locale = "en", currency = "USD" }: FormatCentsOptions = {}): string {
  const whole = Math.round(cents) || 0;
  // Of lib/shared/money/currency.ts's table only JPY has no minor digits (money.test.ts holds every one to Intl).
  if (locale !== "en" || currency !== "USD")
    return (formatters[locale + currency + signAlways] ??= new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      signDisplay: signAlways ? "always" : "auto",
    })).format(whole / (currency === "JPY" ? 1 : 100));
  const abs = Math.abs(whole);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const text = `$${dollars}.${String(abs % 100).padStart(2, "0")}`;
  return whole < 0 ? `-${text}` : signAlways ? `+${text}` : text;
}

/**
 * An API amount (major units of `currency`, lib/shared/money/currency.ts minorToMajor) in its minor units, for
 * formatCents: 15 USD -> 1500, 1500 JPY -> 1500 (of the table only JPY has no minor digits; no table here, for the pages' weight).
 */
export const centsOfAmount = (major: number, currency: string): number => Math.round(major * (currency === "JPY" ? 1 : 100));

/** A percentage of an amount, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
