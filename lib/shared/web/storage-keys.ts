// The names this app gives its local-storage keys and cookies (re-exported by constants.ts).

export const STORAGE_KEYS = {
  currentOrder: "currentOrder",
  currentUser: "currentUser",
  likedItems: "likedItems",
  /** The address a visitor typed before having an account (landing page), saved on signup. */
  addressDraft: "deliveryAddressDraft",
  /** A guest's pin for an address line only placed at its ZIP's centre: { line, lat, lng }, sent with that line's order. */
  addressPin: "deliveryAddressPin",
  cart: (userId: number | "guest") => `cartItems_${userId}`,
  /** The order board's "sound for new orders" switch: "on", "off", or absent (never asked: "Turn on sound"). */
  boardSound: "orderBoardSound",
  /** The order board's "keep the screen on" switch ("on" when the owner turned it on on this device). */
  boardWakeLock: "orderBoardWakeLock",
  /** Until when (ms since the epoch) the order board's ring is muted on this device: "Mute for this shift". */
  boardMutedUntil: "orderBoardMutedUntil",
} as const;

/** The cookie remembering the top bar's Delivery/Pickup mode per browser (read by the server's root layout). */
export const FULFILLMENT_COOKIE = "nosh_mode";
/**
 * The cookie naming the Active order at checkout (its id; the order itself is in localStorage under
 * STORAGE_KEYS.currentOrder, written beside it), so /checkout can render the order on the server.
 */
export const CHECKOUT_ORDER_COOKIE = "nosh_checkout";
/** A kitchen tablet's own cookie (httpOnly): its device token, never a session (lib/server/kitchen-devices/caller.ts). */
export const KITCHEN_DEVICE_COOKIE = "nosh_kitchen";
