import type { CartItem } from "@/lib/shared/orders/cart";

/**
 * The cart's currency: its lines' restaurant's market's (one restaurant's cart is in one; lib/shared/orders/cart.ts
 * keeps it on each line), undefined (USD) for lines saved before markets or a code edited in storage.
 * Here, in the cart panel's lazy module, not in the stored cart's checks (every page's first load).
 */
export function cartCurrency(items: readonly Pick<CartItem, "currency">[]): string | undefined {
  const code = items[0]?.currency;
  return typeof code === "string" && /^[A-Z]{3}$/.test(code) ? code : undefined;
}
