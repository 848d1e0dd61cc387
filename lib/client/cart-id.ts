import type { CartOwner } from "@/lib/shared/orders/cart";

// One cart, one order: a cart gets an identity when it first goes to checkout
// (ensureCartId in components/checkout/current-order.ts), kept beside it in localStorage (so every
// tab of the browser shares it) until the cart is emptied or replaced (the cart provider forgets
// it). Opening checkout sends it (one Active order per cart: lib/server/orders/cart-order.ts), and
// Place order with the submit, and the server takes one order per identity
// (lib/server/orders/cart-claim.ts): a second tab that opened checkout for the same cart is
// refused once the first has ordered it. This module is read by every page: keep it small.

export const cartIdKey = (owner: CartOwner) => `cartId_${owner}`;

/** An emptied or replaced cart is a new cart: the next one gets a new identity. */
export function forgetCartId(store: Pick<Storage, "removeItem">, owner: CartOwner): void {
  store.removeItem(cartIdKey(owner));
}
