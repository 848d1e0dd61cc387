import type { IconName } from "@/components/ui/icons";

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
  signup: { label: "Sign-up credit", icon: "userPlus" },
  topup: { label: "Added funds", icon: "plus" },
  payment: { label: "Payment", icon: "bag" },
  refund: { label: "Refund", icon: "check" },
  deduct: { label: "Deduction", icon: "minus" },
};

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", signDisplay: "always" });

/** "+$1,000.00" / "-$42.18". */
export const signedMoney = (dollars: number): string => usd.format(dollars);
