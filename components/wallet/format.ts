import type { IconName } from "@/components/ui/icons";
import { formatCents } from "@/lib/shared/money";
import type { Locale } from "@/lib/i18n/locale";

/** Statement rows per page on /wallet (the list asks for one more to learn whether a page follows). */
export const STATEMENT_PAGE_SIZE = 20;

export type WalletTransaction = {
  id: number;
  /** signup, topup, payment, refund or deduct. */
  kind: string;
  /** Dollars, signed: money in is positive. */
  amount: number;
  balanceAfter: number;
  orderId: number | null;
  restaurantName: string | null;
  createdAt: string;
};

/** A row's icon by kind; its name is the catalogue's profile.wallet.kinds. */
export const KIND_ICONS: Record<string, IconName | undefined> = { signup: "userPlus", topup: "plus", payment: "bag", refund: "check", deduct: "minus" };

/** "+$1,000.00" / "-$42.18". */
export const signedMoney = (dollars: number, locale?: Locale): string => formatCents(Math.round(dollars * 100), { signAlways: true, locale });
