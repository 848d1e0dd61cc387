import { dollarsToCents, formatCents } from "@/lib/shared/money";

/** Dollars (as the API sends them) for display: 999.99 -> "$999.99". */
export function formatMoney(dollars: number): string {
  return formatCents(dollarsToCents(dollars) ?? Math.round(dollars * 100));
}
