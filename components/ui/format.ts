import type { Locale } from "@/lib/i18n/locale";
import { dollarsToCents, formatCents } from "@/lib/shared/money";

/** Dollars (as the API sends them) for display: 999.99 -> "$999.99" ("999,99 US$" in Spanish; "MX$999.99" in `currency` MXN). */
export function formatMoney(dollars: number, locale?: Locale, currency?: string): string {
  return formatCents(dollarsToCents(dollars) ?? Math.round(dollars * 100), { locale, currency });
}
