import { DEFAULT_CURRENCY, minorPerMajor } from "@/lib/shared/currency";
import { dollarsToCents, formatCents } from "@/lib/shared/money";

/** Dollars (as the API sends them) for display: 999.99 -> "$999.99"; another currency's major units in it ("MX$999.99"). */
export function formatMoney(dollars: number, currency: string = DEFAULT_CURRENCY): string {
  if (currency !== DEFAULT_CURRENCY) return formatCents(Math.round(dollars * minorPerMajor(currency)), { currency });
  return formatCents(dollarsToCents(dollars) ?? Math.round(dollars * 100));
}
