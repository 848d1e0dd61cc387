import { describe, expect, it } from "vitest";
import {
  CART_CONFLICT_MESSAGE,
  cartAfterUserChange,
  cartCount,
  cartLimitMessage,
  cartReducer,
  cartSubtotalCents,
  conflictsWith,
  loadCart,
  roomFor,
  saveCart,
  type CartItem,
} from "./cart";

const pho = { id: 1, name: "Pho", price: 13.5, restaurantId: 10, restaurant: "Pho House", food_image: "/p.webp" };
const rolls = { id: 2, name: "Spring Rolls", price: 6.25, restaurantId: 10, restaurant: "Pho House", food_image: "/r.webp" };
const pizza = { id: 3, name: "Margherita", price: 15, restaurantId: 20, restaurant: "Pizzeria", food_image: "/z.webp" };

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

describe("cart reducer (spec section 4)", () => {
  it("adds an item, and adding it again raises its quantity", () => {
    let cart = cartReducer([], { type: "add", item: pho });
    cart = cartReducer(cart, { type: "add", item: pho, quantity: 2 });
    expect(cart).toEqual([{ ...pho, quantity: 3 }]);
  });

  it("holds one restaurant only: another restaurant's item changes nothing", () => {
    const cart = cartReducer([], { type: "add", item: pho });
    expect(conflictsWith(cart, pizza.restaurantId)).toBe(true);
    expect(cartReducer(cart, { type: "add", item: pizza })).toBe(cart);
    expect(CART_CONFLICT_MESSAGE).toBe("Your cart contains items from a different restaurant. Please clear your cart or complete your existing order first.");
  });

  it("knows how many more of a dish fit under the cap of 99, and says so", () => {
    const cart: CartItem[] = [{ ...pho, quantity: 97 }];
    expect(roomFor(cart, pho.id)).toBe(2);
    expect(roomFor(cart, rolls.id)).toBe(99);
    expect(cartReducer(cart, { type: "add", item: pho, quantity: 5 })[0]!.quantity).toBe(99);
    expect(cartLimitMessage("Pho")).toBe("Your cart can hold at most 99 of Pho.");
  });

  it("plus and minus change the quantity; minus at 1 deletes the line", () => {
    let cart: CartItem[] = [
      { ...pho, quantity: 1 },
      { ...rolls, quantity: 2 },
    ];
    cart = cartReducer(cart, { type: "increment", id: 1 });
    expect(cart[0]!.quantity).toBe(2);
    cart = cartReducer(cart, { type: "decrement", id: 2 });
    expect(cart[1]!.quantity).toBe(1);
    cart = cartReducer(cart, { type: "decrement", id: 2 });
    expect(cart.map((l) => l.id)).toEqual([1]);
  });

  it("updates, removes and clears", () => {
    let cart: CartItem[] = [
      { ...pho, quantity: 1 },
      { ...rolls, quantity: 1 },
    ];
    cart = cartReducer(cart, { type: "setQuantity", id: 1, quantity: 5 });
    expect(cart[0]!.quantity).toBe(5);
    cart = cartReducer(cart, { type: "setQuantity", id: 1, quantity: 0 });
    expect(cart.map((l) => l.id)).toEqual([2]);
    cart = cartReducer(cart, { type: "remove", id: 2 });
    expect(cart).toEqual([]);
    expect(cartReducer([{ ...pho, quantity: 1 }], { type: "clear" })).toEqual([]);
  });

  it("keeps quantities whole and between 1 and 99", () => {
    let cart = cartReducer([], { type: "add", item: pho, quantity: 150 });
    expect(cart[0]!.quantity).toBe(99);
    cart = cartReducer(cart, { type: "increment", id: 1 });
    expect(cart[0]!.quantity).toBe(99);
    expect(cartReducer([], { type: "add", item: pho, quantity: 2.7 })[0]!.quantity).toBe(2);
  });

  it("counts the total quantity for the badge and the subtotal in cents", () => {
    const cart = [
      { ...pho, quantity: 2 },
      { ...rolls, quantity: 3 },
    ];
    expect(cartCount(cart)).toBe(5);
    expect(cartSubtotalCents(cart)).toBe(2700 + 1875);
  });
});

describe("cart persistence", () => {
  it("stores per user under cartItems_{id} or cartItems_guest and ignores junk", () => {
    const store = memoryStore();
    saveCart(store, 7, [{ ...pho, quantity: 1 }]);
    expect(store.data.has("cartItems_7")).toBe(true);
    expect(loadCart(store, 7)).toEqual([{ ...pho, quantity: 1 }]);
    store.setItem("cartItems_guest", "{not json");
    expect(loadCart(store, "guest")).toEqual([]);
    store.setItem("cartItems_guest", JSON.stringify([{ ...pho, quantity: 1 }, { ...pizza, quantity: 1 }, { id: "x" }]));
    expect(loadCart(store, "guest")).toEqual([{ ...pho, quantity: 1 }]);
  });

  it("on login loads that user's saved cart, never the previous user's", () => {
    const store = memoryStore();
    saveCart(store, 2, [{ ...pizza, quantity: 2 }]);
    const anonymousCart = [{ ...pho, quantity: 1 }];
    expect(cartAfterUserChange(store, "guest", 2, anonymousCart)).toEqual([{ ...pizza, quantity: 2 }]);
    expect(cartAfterUserChange(store, "guest", 3, anonymousCart)).toEqual([]);
  });

  it("on logout saves the cart for the user who leaves, then clears it", () => {
    const store = memoryStore();
    const cart = [{ ...pho, quantity: 4 }];
    expect(cartAfterUserChange(store, 5, "guest", cart)).toEqual([]);
    expect(loadCart(store, 5)).toEqual(cart);
    expect(cartAfterUserChange(store, "guest", 5, [])).toEqual(cart);
  });

  it("switching straight from one user to another does not carry the cart over", () => {
    const store = memoryStore();
    expect(cartAfterUserChange(store, 5, 6, [{ ...pho, quantity: 1 }])).toEqual([]);
    expect(loadCart(store, 5)).toEqual([{ ...pho, quantity: 1 }]);
  });

  it("a guest who signs up keeps the cart on the same account", () => {
    const store = memoryStore();
    const cart = [{ ...rolls, quantity: 2 }];
    expect(cartAfterUserChange(store, 9, 9, cart)).toBe(cart);
  });
});
