import type { Locale } from "@/lib/i18n/locale";

// Money is integer cents (a currency's minor unit: lib/shared/currency.ts) everywhere; these are the only conversions.

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

// How each language writes an amount, as Intl (CLDR) prints it: [decimal, group, the fewest digits
// grouped, the symbol after the number]. Spanish groups from five digits ("1234,56 US$",
// "12.345,67 US$"); the spaces are no-break ones, French's group a narrow one. Kept small: money
// is formatted on every page, whose first-load JavaScript has next to no room.
const SHAPES: Record<Locale, [string, string, number, boolean]> = { en: [".", ",", 4, false], es: [",", ".", 5, true], fr: [",", "\u202f", 4, true] };
/** Each currency's symbol in each language, its spacing included. */
const SYMBOLS: Record<string, Record<Locale, string>> = { USD: { en: "$", es: "\u00a0US$", fr: "\u00a0$US" } };

export type FormatCentsOptions = { signAlways?: boolean; locale?: Locale; currency?: string };

/**
 * "$1,234.56" for display ("-$5.00"; "+$5.00" with `signAlways`); in Spanish "1234,56 US$": what
 * `Intl.NumberFormat(locale, { style: "currency", currency })` prints for whole cents, written
 * out because the browser's first Intl object loads its locale data, 40-70 ms of the main thread on
 * these machines (4x that on Lighthouse's phone), and money is formatted while the page hydrates
 * (docs/log/performance.md, "What blocks the paint on a phone"). money.test.ts compares the two.
 * Another `currency` (a market's, lib/shared/currency.ts; `cents` is then its minor unit) is what
 * Intl prints in the reader's language ("MX$1,234.56", "1234,56 MXN", "¥1,235"): only a market
 * outside the default one pays for Intl, and no currency table is shipped to the browser.
 */
export function formatCents(cents: number, { signAlways = false, locale = "en", currency = "USD" }: FormatCentsOptions = {}): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  if (currency !== "USD") {
    // Of lib/shared/currency.ts's table only JPY has no minor digits (money.test.ts holds every one to Intl).
    const text = new Intl.NumberFormat(locale === "en" ? "en-US" : locale, { style: "currency", currency }).format(abs / (currency === "JPY" ? 1 : 100));
    return whole < 0 ? `-${text}` : signAlways ? `+${text}` : text;
  }
  const [decimal, group, grouped, after] = SHAPES[locale];
  const symbol = SYMBOLS[currency]![locale];
  const units = String(Math.floor(abs / 100));
  const number = `${units.length < grouped ? units : units.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimal}${String(abs % 100).padStart(2, "0")}`;
  const text = after ? number + symbol : symbol + number;
  return whole < 0 ? `-${text}` : signAlways ? `+${text}` : text;
}

/** A percentage of an amount, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
