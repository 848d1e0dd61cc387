import type { Locale } from "@/lib/i18n/locale";
import { centsOfAmount, dollarsToCents, formatCents } from "@/lib/shared/money/money";

/** An amount as the API sends it (major units of `currency`) for display: 999.99 -> "$999.99" ("999,99 US$" in Spanish; "MX$999.99" in MXN; 1500 -> "¥1,500" in JPY). */
export function formatMoney(dollars: number, locale?: Locale, currency?: string): string {
  return formatCents(currency === "JPY" ? centsOfAmount(dollars, currency) : (dollarsToCents(dollars) ?? Math.round(dollars * 100)), { locale, currency });
}
