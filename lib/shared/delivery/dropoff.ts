// Drop-off (docs/architecture/stops-and-messages.md "Drop-off"): what the checkout, the
// courier app and the order page share.

/** Where the customer, the order's courier and operators read a left-at-the-door order's photo. */
export const dropoffPhotoUrl = (orderId: number) => `/api/orders/${orderId}/dropoff-photo`;
