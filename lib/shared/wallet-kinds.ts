import { fill } from "./fill";

// What each wallet ledger kind is called on the wallet page and in the statement CSV.

export const WALLET_KIND_TEXT = {
  signup: "Sign-up credit",
  topup: "Added funds",
  payment: "Payment",
  refund: "Refund",
  deduct: "Deduction",
} as const;

/** The words of a row in another language: the catalogue's profile.wallet `kinds` and `order` (" · Order #{id}"). */
export type WalletRowWords = { kinds: Record<string, string | undefined>; order: string };

/** "Payment · Order #12 · Lantern Noodle House": a statement row in words (English, the CSV's; in `words`' language when given). */
export function walletRowDescription(row: { kind: string; orderId: number | null; restaurantName: string | null }, words?: WalletRowWords): string {
  const kind = (words?.kinds ?? (WALLET_KIND_TEXT as Record<string, string | undefined>))[row.kind] ?? row.kind;
  const parts: string[] = [words && row.orderId !== null ? kind + fill(words.order, { id: row.orderId }) : kind];
  if (row.orderId !== null && !words) parts.push(`Order #${row.orderId}`);
  if (row.restaurantName) parts.push(row.restaurantName);
  return parts.join(" · ");
}
