import { STORAGE_KEYS } from "./constants";

// The one-restaurant cart as a pure reducer, shared by the cart panel, the
// restaurant and item pages, and unit-tested on its own. Persistence rules are below it.

export const CART_CONFLICT_MESSAGE = "Your cart contains items from a different restaurant. Please clear your cart or complete your existing order first.";

export type CartItem = {
  /** The menu item id. */
  id: number;
  name: string;
  /** Dollars, as the menu item JSON gives it. */
  price: number;
  restaurantId: number;
  /** The restaurant's name. */
  restaurant: string;
  food_image: string;
  quantity: number;
};

export type CartAction =
  | { type: "add"; item: Omit<CartItem, "quantity">; quantity?: number }
  | { type: "increment"; id: number }
  | { type: "decrement"; id: number }
  | { type: "setQuantity"; id: number; quantity: number }
  | { type: "remove"; id: number }
  | { type: "clear" }
  | { type: "replace"; items: CartItem[] };

export const MAX_QUANTITY = 99;

/** Said when an add would pass MAX_QUANTITY of one dish (the cart keeps the cap). */
export const cartLimitMessage = (name: string): string => `Your cart can hold at most ${MAX_QUANTITY} of ${name}.`;

/** How many more of this dish the cart can take before MAX_QUANTITY. */
export function roomFor(items: CartItem[], id: number): number {
  return MAX_QUANTITY - (items.find((line) => line.id === id)?.quantity ?? 0);
}

/** True when adding an item of this restaurant would mix restaurants in the cart. */
export function conflictsWith(items: CartItem[], restaurantId: number): boolean {
  return items.length > 0 && items[0]!.restaurantId !== restaurantId;
}

export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case "add": {
      const quantity = clampQuantity(action.quantity ?? 1);
      if (conflictsWith(items, action.item.restaurantId)) return items;
      const existing = items.find((line) => line.id === action.item.id);
      if (existing) {
        return items.map((line) => (line.id === action.item.id ? { ...line, quantity: clampQuantity(line.quantity + quantity) } : line));
      }
      return [...items, { ...action.item, quantity }];
    }
    case "increment":
      return items.map((line) => (line.id === action.id ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line));
    case "decrement":
      return items.flatMap((line) => (line.id !== action.id ? [line] : line.quantity <= 1 ? [] : [{ ...line, quantity: line.quantity - 1 }]));
    case "setQuantity":
      return action.quantity < 1
        ? items.filter((line) => line.id !== action.id)
        : items.map((line) => (line.id === action.id ? { ...line, quantity: clampQuantity(action.quantity) } : line));
    case "remove":
      return items.filter((line) => line.id !== action.id);
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

/** Subtotal in cents (prices are dollars with at most two decimals). */
export const cartSubtotalCents = (items: CartItem[]) => items.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);

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
      line.quantity >= 1,
  );
  const restaurantId = lines[0]?.restaurantId;
  return lines.filter((line) => line.restaurantId === restaurantId).map((line) => ({ ...line, quantity: clampQuantity(line.quantity) }));
}

// Persistence: the cart is kept per user under cartItems_{userId}, or
// cartItems_guest when nobody is signed in.

export type CartOwner = number | "guest";

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
