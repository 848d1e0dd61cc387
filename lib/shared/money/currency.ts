// The currencies a market may use (docs/architecture/languages.md "Markets and currencies"):
// ISO 4217 codes with their minor-unit digits (how many decimals an amount has: 2 for dollars and
// pesos, 0 for yen) and the symbol an English page prints (Intl's en-US narrow-free one: "MX$",
// "CA$"). Money is always an integer of the currency's minor unit ("cents" in the code's names).

export type CurrencyInfo = { digits: number; symbol: string };

export const CURRENCIES: Readonly<Record<string, CurrencyInfo>> = {
  USD: { digits: 2, symbol: "$" },
  CAD: { digits: 2, symbol: "CA$" },
  MXN: { digits: 2, symbol: "MX$" },
  EUR: { digits: 2, symbol: "€" },
  GBP: { digits: 2, symbol: "£" },
  JPY: { digits: 0, symbol: "¥" },
};

/** The default market's currency: every row from before markets is in it. */
export const DEFAULT_CURRENCY = "USD";

export const CURRENCY_CODES = Object.keys(CURRENCIES);

export const isCurrency = (code: unknown): code is string => typeof code === "string" && Object.hasOwn(CURRENCIES, code);

/** The currency's facts; an unknown code throws (a stored code is always one of the table's). */
export function currencyInfo(code: string = DEFAULT_CURRENCY): CurrencyInfo {
  if (!isCurrency(code)) throw new Error(`unknown currency ${code}`);
  return CURRENCIES[code]!;
}

/** How many minor units make one major unit: 100 for USD, 1 for JPY. */
export const minorPerMajor = (code: string = DEFAULT_CURRENCY): number => 10 ** currencyInfo(code).digits;

/** Minor units to the JSON number of major units (99999 USD cents -> 999.99; 1500 JPY -> 1500). */
export function minorToMajor(minor: number, code: string = DEFAULT_CURRENCY): number {
  return Math.round(minor) / minorPerMajor(code);
}

/** A client's amount (number or numeric string) to minor units; null with more decimals than the currency has. */
export function majorToMinor(major: number | string, code: string = DEFAULT_CURRENCY): number | null {
  const digits = currencyInfo(code).digits;
  const text = typeof major === "number" ? String(major) : major.trim();
  const decimals = digits > 0 ? `(\\.\\d{1,${digits}})?` : "";
  if (!new RegExp(`^-?\\d+${decimals}$`).test(text) && !(digits > 0 && new RegExp(`^-?\\d*\\.\\d{1,${digits}}$`).test(text))) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * minorPerMajor(code));
}

/**
 * The JSON amount writer of one currency, taken explicitly (never a silent USD): `const major =
 * majorIn(order.currency)`, then `major(order.totalCents)`. USD's is centsToDollars, byte for byte.
 */
export const majorIn =
  (code: string) =>
  (minor: number): number =>
    minorToMajor(minor, code);
