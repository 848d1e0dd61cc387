import { currencyInfo, DEFAULT_CURRENCY } from "./currency";

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

/**
 * "$1,234.56" for display ("-$5.00"; "+$5.00" with `signAlways`): what
 * `Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })` prints for whole cents, written
 * out because the browser's first Intl object loads its locale data, 40-70 ms of the main thread on
 * these machines (4x that on Lighthouse's phone), and money is formatted while the page hydrates
 * (docs/log/performance.md, "What blocks the paint on a phone"). money.test.ts compares the two.
 * `currency` (lib/shared/currency.ts, default USD): its symbol and its own digits, as en-US prints
 * it ("MX$1,234.56", "CA$5.00", "¥1,235" for 1235 yen); `cents` is then its minor unit.
 */
export function formatCents(cents: number, { signAlways = false, currency = DEFAULT_CURRENCY }: FormatOptions = {}): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const { symbol, digits } = currencyInfo(currency);
  const unit = 10 ** digits;
  const major = String(Math.floor(abs / unit)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const text = digits > 0 ? `${symbol}${major}.${String(abs % unit).padStart(digits, "0")}` : `${symbol}${major}`;
  return whole < 0 ? `-${text}` : signAlways ? `+${text}` : text;
}

/** formatCents's options: `locale` is the reader's language (lib/i18n/locale.ts), `currency` an ISO code of lib/shared/currency.ts. */
export type FormatOptions = { signAlways?: boolean; locale?: string; currency?: string };

/** A percentage of an amount, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
