import { fill } from "../words/fill";

// What each wallet ledger kind is called on the wallet page and in the statement CSV: the
// catalogue's profile.wallet words (the CSV's are English's).

/** The words of a row in another language: the catalogue's profile.wallet `kinds` and `order` (" · Order #{id}"). */
export type WalletRowWords = { kinds: Record<string, string | undefined>; order: string };

/** "Payment · Order #12 · Lantern Noodle House": a statement row in `words`' language (a kind not listed stays as stored). */
export function walletRowDescription(row: { kind: string; orderId: number | null; restaurantName: string | null }, words: WalletRowWords): string {
  const kind = words.kinds[row.kind] ?? row.kind;
  const parts: string[] = [row.orderId !== null ? kind + fill(words.order, { id: row.orderId }) : kind];
  if (row.restaurantName) parts.push(row.restaurantName);
  return parts.join(" · ");
}
