import { STORAGE_KEYS } from "../web/storage-keys";
import { lineKey } from "./line-key";
import { centsOfAmount } from "../money/money";

// The one-restaurant cart as a pure reducer, shared by the cart panel, the
// restaurant and item pages, and unit-tested on its own. Persistence rules are below it.

/** A chosen option, copied from the menu item JSON when it was chosen (the server prices it again). */
export type CartOption = { id: number; name: string; /** Dollars. */ priceDelta: number };

export type CartItem = {
  /** The menu item id. */
  id: number;
  name: string;
  /** Dollars, as the menu item JSON gives it: the dish's base price, without its options. */
  price: number;
  restaurantId: number;
  /** The restaurant's name. */
  restaurant: string;
  food_image: string;
  quantity: number;
  /** The chosen options in the menu's order; absent on lines saved before dishes had options. */
  options?: CartOption[];
  /** The customer's special instructions; absent or null when none. */
  instructions?: string | null;
  /** The restaurant's market's currency (its prices' unit); absent on USD lines and on lines saved before markets (components/cart/cart-currency.ts). */
  currency?: string;
};

/** A line without its quantity: what an Add puts in the cart. */
export type CartLineInput = Omit<CartItem, "quantity">;

/**
 * Lines are keyed by lineKey (lib/shared/menu/options.ts): the same dish with other choices or other
 * instructions is another line. The key is derived, never stored, so carts saved before options
 * existed (no `options`, no `instructions`) keep their lines and keys.
 */
export const cartLineKey = (line: CartLineInput): string =>
  lineKey(
    line.id,
    (line.options ?? []).map((option) => option.id),
    line.instructions ?? null,
  );

export type CartAction =
  | { type: "add"; item: CartLineInput; quantity?: number }
  | { type: "increment"; key: string }
  | { type: "decrement"; key: string }
  | { type: "setQuantity"; key: string; quantity: number }
  | { type: "remove"; key: string }
  /** The line `key` edited in the dialog: it takes the new choices and quantity in its place, or joins the line that already has them. */
  | { type: "edit"; key: string; item: CartLineInput; quantity: number }
  | { type: "clear" }
  | { type: "replace"; items: CartItem[] };

export const MAX_QUANTITY = 99;

/** Said when an add would pass MAX_QUANTITY of one dish (the cart keeps the cap). */
export const cartLimitMessage = (name: string): string => `Your cart can hold at most ${MAX_QUANTITY} of ${name}.`;

/** How many more of this line (dish and choices) the cart can take before MAX_QUANTITY. */
export function roomFor(items: CartItem[], key: string): number {
  return MAX_QUANTITY - (items.find((line) => cartLineKey(line) === key)?.quantity ?? 0);
}

/** True when adding an item of this restaurant would mix restaurants in the cart. */
export function conflictsWith(items: CartItem[], restaurantId: number): boolean {
  return items.length > 0 && items[0]!.restaurantId !== restaurantId;
}

export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  const is = (key: string) => (line: CartItem) => cartLineKey(line) === key;
  switch (action.type) {
    case "add": {
      const quantity = clampQuantity(action.quantity ?? 1);
      if (conflictsWith(items, action.item.restaurantId)) return items;
      const key = cartLineKey(action.item);
      if (items.some(is(key))) return items.map((line) => (is(key)(line) ? { ...line, quantity: clampQuantity(line.quantity + quantity) } : line));
      return [...items, { ...action.item, quantity }];
    }
    case "increment":
      return items.map((line) => (is(action.key)(line) ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line));
    case "decrement":
      return items.flatMap((line) => (!is(action.key)(line) ? [line] : line.quantity <= 1 ? [] : [{ ...line, quantity: line.quantity - 1 }]));
    case "setQuantity":
      return action.quantity < 1
        ? items.filter((line) => !is(action.key)(line))
        : items.map((line) => (is(action.key)(line) ? { ...line, quantity: clampQuantity(action.quantity) } : line));
    case "remove":
      return items.filter((line) => !is(action.key)(line));
    case "edit": {
      if (!items.some(is(action.key)) || conflictsWith(items, action.item.restaurantId)) return items;
      const key = cartLineKey(action.item);
      const quantity = clampQuantity(action.quantity);
      // Edited into choices another line already has: the two become one line, where that one was.
      if (key !== action.key && items.some(is(key))) {
        return items.filter((line) => !is(action.key)(line)).map((line) => (is(key)(line) ? { ...line, quantity: clampQuantity(line.quantity + quantity) } : line));
      }
      return items.map((line) => (is(action.key)(line) ? { ...action.item, quantity } : line));
    }
    case "clear":
      return [];
    case "replace":
      return sanitizeCart(action.items);
  }
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity)));
}

/** Badge count: the total quantity. */
export const cartCount = (items: CartItem[]) => items.reduce((sum, line) => sum + line.quantity, 0);

/** One of the line in minor units: the dish plus its options (prices are the API's major units: dollars with two decimals, whole yen). */
export const lineUnitCents = (line: CartLineInput): number => {
  const currency = line.currency ?? "USD";
  return centsOfAmount(line.price, currency) + (line.options ?? []).reduce((sum, option) => sum + centsOfAmount(option.priceDelta, currency), 0);
};

/** Subtotal in cents. */
export const cartSubtotalCents = (items: CartItem[]) => items.reduce((sum, line) => sum + lineUnitCents(line) * line.quantity, 0);

const isOption = (option: unknown): option is CartOption =>
  typeof option === "object" &&
  option !== null &&
  Number.isInteger((option as CartOption).id) &&
  typeof (option as CartOption).name === "string" &&
  typeof (option as CartOption).priceDelta === "number";

/** Keeps only well-formed lines from one restaurant: local storage is user-editable. */
export function sanitizeCart(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const lines = value.filter(
    (line): line is CartItem =>
      typeof line === "object" &&
      line !== null &&
      Number.isInteger(line.id) &&
      typeof line.name === "string" &&
      typeof line.price === "number" &&
      Number.isInteger(line.restaurantId) &&
      Number.isInteger(line.quantity) &&
      line.quantity >= 1 &&
      (line.options === undefined || (Array.isArray(line.options) && line.options.every(isOption))) &&
      (line.instructions === undefined || line.instructions === null || typeof line.instructions === "string"),
  );
  const restaurantId = lines[0]?.restaurantId;
  return lines.filter((line) => line.restaurantId === restaurantId).map((line) => ({ ...line, quantity: clampQuantity(line.quantity) }));
}

// Persistence: the cart is kept per user under cartItems_{userId}, or
// cartItems_guest when nobody is signed in.

export type CartOwner = number | "guest";

/** The identity of "order #id again" (Reorder): its Active order at checkout is one, like a cart's (lib/server/orders/cart-order.ts). */
export const reorderCartId = (orderId: number) => `reorder-${orderId}`;

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function loadCart(store: KeyValueStore, owner: CartOwner): CartItem[] {
  try {
    return sanitizeCart(JSON.parse(store.getItem(STORAGE_KEYS.cart(owner)) ?? "[]"));
  } catch {
    return [];
  }
}

export function saveCart(store: KeyValueStore, owner: CartOwner, items: CartItem[]): void {
  if (items.length) store.setItem(STORAGE_KEYS.cart(owner), JSON.stringify(items));
  else store.removeItem(STORAGE_KEYS.cart(owner));
}

/**
 * The cart to show after the signed-in user changes from `previous` to `next`:
 * - log in: the cart stored for that user (a different user's cart is not carried over);
 * - sign up from a guest account: same id, so the cart simply stays;
 * - log out: the current cart is saved for the user who leaves, and the cart is cleared.
 */
export function cartAfterUserChange(store: KeyValueStore, previous: CartOwner, next: CartOwner, current: CartItem[]): CartItem[] {
  if (previous === next) return current;
  if (previous !== "guest") saveCart(store, previous, current);
  if (next === "guest") return [];
  return loadCart(store, next);
}
