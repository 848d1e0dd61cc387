// CSV text (RFC 4180) for the app's downloads. A cell holding a quote, comma or line break is
// quoted with its quotes doubled; a cell a spreadsheet would read as a formula (starting with
// = + - @, or a tab or carriage return) gets a leading apostrophe first (OWASP "CSV injection"),
// so a dish or reason typed by someone else never runs in the owner's spreadsheet. A plain number
// ("-0.50") is data, not a formula, and stays as it is.

export type CsvValue = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes it. */
export const csvLine = (values: readonly CsvValue[]) => `${values.map(csvCell).join(",")}\r\n`;

/** Cents as dollars with two decimals, unformatted (1234 -> "12.34", -50 -> "-0.50"). */
export const csvDollars = (cents: number) => (cents / 100).toFixed(2);
