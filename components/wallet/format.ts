import type { IconName } from "@/components/ui/icons";
import { formatCents } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";

/** Statement rows per page on /wallet (the list asks for one more to learn whether a page follows). */
export const STATEMENT_PAGE_SIZE = 20;

export type WalletTransaction = {
  id: number;
  /** signup, topup, payment, refund or deduct. */
  kind: string;
  /** Major units of `currency` (dollars), signed: money in is positive. */
  amount: number;
  balanceAfter: number;
  orderId: number | null;
  restaurantName: string | null;
  createdAt: string;
  /** ISO 4217: the statement's (one currency a page). */
  currency?: string;
};

/** A row's icon by kind; its name is the catalogue's profile.wallet.kinds. */
export const KIND_ICONS: Record<string, IconName | undefined> = { signup: "userPlus", topup: "plus", payment: "bag", refund: "check", deduct: "minus" };

/**
 * "+$1,000.00" / "-$42.18" (`signAlways` false: "$1,000.00"): an amount the API sends in major units
 * of `currency` (USD by default; of lib/shared/money/currency.ts's table only JPY has no minor digits, as
 * formatCents reads it: the table itself stays out of the page's JavaScript).
 */
export const signedMoney = (amount: number, locale?: Locale, currency?: string, signAlways = true): string =>
  formatCents(Math.round(amount * (currency === "JPY" ? 1 : 100)), { signAlways, locale, currency });
