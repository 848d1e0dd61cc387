/**
 * A finished message's arguments filled in the browser: "{count} items" with { count: 3 } is "3 items".
 * The words come from the server (lib/i18n/translate.ts getWords), so no catalogue or message
 * formatter is in a page's JavaScript; a name not given stays as written.
 */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** A number as the reader writes it: its decimal point the catalogue's `decimal` ("0.9" in English, "0,9" in Spanish). */
export const decimalText = (n: number, decimal = "."): string => String(n).replace(".", decimal);
