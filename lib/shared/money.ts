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

const formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,234.56" for display. */
export function formatCents(cents: number): string {
  return formatter.format(cents / 100);
}

/** A percentage of an amount, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
