// What each wallet ledger kind is called on the wallet page and in the statement CSV.

export const WALLET_KIND_TEXT = {
  signup: "Sign-up credit",
  topup: "Added funds",
  payment: "Payment",
  refund: "Refund",
  deduct: "Deduction",
} as const;

/** "Payment · Order #12 · Lantern Noodle House": a statement row in words. */
export function walletRowDescription(row: { kind: string; orderId: number | null; restaurantName: string | null }): string {
  const parts: string[] = [(WALLET_KIND_TEXT as Record<string, string | undefined>)[row.kind] ?? row.kind];
  if (row.orderId !== null) parts.push(`Order #${row.orderId}`);
  if (row.restaurantName) parts.push(row.restaurantName);
  return parts.join(" · ");
}
