import type { ReorderJson } from "@/lib/contract/orders/schemas";
import { formatMoney } from "@/components/ui/format";

// Display rules for orders and the wallet (client-safe: types only from the server).

/** Orders per page on /orders (the list asks for one more to learn whether a page follows). */
export const ORDERS_PAGE_SIZE = 10;

/** What Reorder tells the customer when the menu changed since the order. */
export function reorderNotice(changes: ReorderJson["changes"]): string | null {
  const parts: string[] = [];
  if (changes.unavailable.length) parts.push(`No longer available, so left out: ${changes.unavailable.join(", ")}.`);
  if (changes.repriced.length) {
    const prices = changes.repriced.map((r) => `${r.name} is now ${formatMoney(r.now)} (was ${formatMoney(r.was)})`);
    parts.push(`New prices: ${prices.join("; ")}.`);
  }
  // Changed choices are listed, each with its Choose again, by checkout's ChooseAgainNotice.
  return parts.length ? `The menu changed since that order. ${parts.join(" ")}` : null;
}
