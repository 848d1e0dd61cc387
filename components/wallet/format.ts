import type { IconName } from "@/components/ui/icons";
import { formatCents } from "@/lib/shared/money";
import { WALLET_KIND_TEXT } from "@/lib/shared/wallet-kinds";

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

export const KIND_LABELS: Record<string, { label: string; icon: IconName } | undefined> = {
  signup: { label: WALLET_KIND_TEXT.signup, icon: "userPlus" },
  topup: { label: WALLET_KIND_TEXT.topup, icon: "plus" },
  payment: { label: WALLET_KIND_TEXT.payment, icon: "bag" },
  refund: { label: WALLET_KIND_TEXT.refund, icon: "check" },
  deduct: { label: WALLET_KIND_TEXT.deduct, icon: "minus" },
};

/** "+$1,000.00" / "-$42.18". */
export const signedMoney = (dollars: number): string => formatCents(Math.round(dollars * 100), { signAlways: true });
