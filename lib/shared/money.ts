import type { Locale } from "@/lib/i18n/locale";

// Money is integer cents everywhere; these are the only conversions.

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

/** How a language writes an amount: its separators, from how many digits it groups, the symbol's side. */
type NumberShape = { decimal: string; group: string; minimumGrouping: number; symbolAfter: boolean; symbols: Record<string, string> };

// What Intl (CLDR) prints for these languages, written out (see formatCents). Spanish groups from
// five digits ("1234,56 US$", "12.345,67 US$"); the spaces are no-break ones, French's group a narrow one.
const SHAPES: Record<Locale, NumberShape> = {
  en: { decimal: ".", group: ",", minimumGrouping: 1, symbolAfter: false, symbols: { USD: "$" } },
  es: { decimal: ",", group: ".", minimumGrouping: 2, symbolAfter: true, symbols: { USD: "\u00a0US$" } },
  fr: { decimal: ",", group: "\u202f", minimumGrouping: 1, symbolAfter: true, symbols: { USD: "\u00a0$US" } },
};

export type FormatCentsOptions = { signAlways?: boolean; locale?: Locale; currency?: string };

/**
 * "$1,234.56" for display ("-$5.00"; "+$5.00" with `signAlways`); in Spanish "1234,56 US$": what
 * `Intl.NumberFormat(locale, { style: "currency", currency })` prints for whole cents, written
 * out because the browser's first Intl object loads its locale data, 40-70 ms of the main thread on
 * these machines (4x that on Lighthouse's phone), and money is formatted while the page hydrates
 * (docs/log/performance.md, "What blocks the paint on a phone"). money.test.ts compares the two.
 */
export function formatCents(cents: number, { signAlways = false, locale = "en", currency = "USD" }: FormatCentsOptions = {}): string {
  const shape = SHAPES[locale] ?? SHAPES.en;
  const symbol = shape.symbols[currency] ?? currency;
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const units = String(Math.floor(abs / 100));
  const digits = units.length < 4 + shape.minimumGrouping - 1 ? units : units.replace(/\B(?=(\d{3})+(?!\d))/g, shape.group);
  const number = `${digits}${shape.decimal}${String(abs % 100).padStart(2, "0")}`;
  const text = shape.symbolAfter ? number + symbol : symbol + number;
  return whole < 0 ? `-${text}` : signAlways ? `+${text}` : text;
}

/** A percentage of an amount, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
