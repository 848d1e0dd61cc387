// Its own module: checkout writes it and the orders list reads it, and neither needs more of the other.

/** sessionStorage: the order checkout just placed, highlighted on /orders during the next visit of the list. */
export const PLACED_ORDER_KEY = "placedOrder";

export function rememberPlaced(orderId: number): void {
  sessionStorage.setItem(PLACED_ORDER_KEY, String(orderId));
}
