import { ENGLISH } from "@/lib/i18n/catalogues";
import { describe, expect, it } from "vitest";
import {
  cartAfterUserChange,
  cartCount,
  cartLimitMessage,
  cartReducer,
  cartLineKey,
  cartSubtotalCents,
  conflictsWith,
  lineUnitCents,
  loadCart,
  roomFor,
  saveCart,
  type CartItem,
} from "./cart";

const pho = { id: 1, name: "Pho", price: 13.5, restaurantId: 10, restaurant: "Pho House", food_image: "/p.webp" };
const rolls = { id: 2, name: "Spring Rolls", price: 6.25, restaurantId: 10, restaurant: "Pho House", food_image: "/r.webp" };
const pizza = { id: 3, name: "Margherita", price: 15, restaurantId: 20, restaurant: "Pizzeria", food_image: "/z.webp" };

const PHO = cartLineKey(pho);
const ROLLS = cartLineKey(rolls);

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
    // The spec's words, said beside the cart: the catalogue's cart.conflict.
    expect(ENGLISH.cart.conflict.message).toBe("Your cart contains items from a different restaurant. Please clear your cart or complete your existing order first.");
  });

  it("knows how many more of a dish fit under the cap of 99, and says so", () => {
    const cart: CartItem[] = [{ ...pho, quantity: 97 }];
    expect(roomFor(cart, PHO)).toBe(2);
    expect(roomFor(cart, ROLLS)).toBe(99);
    expect(cartReducer(cart, { type: "add", item: pho, quantity: 5 })[0]!.quantity).toBe(99);
    expect(cartLimitMessage("Pho")).toBe("Your cart can hold at most 99 of Pho.");
  });

  it("plus and minus change the quantity; minus at 1 deletes the line", () => {
    let cart: CartItem[] = [
      { ...pho, quantity: 1 },
      { ...rolls, quantity: 2 },
    ];
    cart = cartReducer(cart, { type: "increment", key: PHO });
    expect(cart[0]!.quantity).toBe(2);
    cart = cartReducer(cart, { type: "decrement", key: ROLLS });
    expect(cart[1]!.quantity).toBe(1);
    cart = cartReducer(cart, { type: "decrement", key: ROLLS });
    expect(cart.map((l) => l.id)).toEqual([1]);
  });

  it("updates, removes and clears", () => {
    let cart: CartItem[] = [
      { ...pho, quantity: 1 },
      { ...rolls, quantity: 1 },
    ];
    cart = cartReducer(cart, { type: "setQuantity", key: PHO, quantity: 5 });
    expect(cart[0]!.quantity).toBe(5);
    cart = cartReducer(cart, { type: "setQuantity", key: PHO, quantity: 0 });
    expect(cart.map((l) => l.id)).toEqual([2]);
    cart = cartReducer(cart, { type: "remove", key: ROLLS });
    expect(cart).toEqual([]);
    expect(cartReducer([{ ...pho, quantity: 1 }], { type: "clear" })).toEqual([]);
  });

  it("keeps quantities whole and between 1 and 99", () => {
    let cart = cartReducer([], { type: "add", item: pho, quantity: 150 });
    expect(cart[0]!.quantity).toBe(99);
    cart = cartReducer(cart, { type: "increment", key: PHO });
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

describe("cart lines with options and instructions", () => {
  const burger = { id: 4, name: "Burger", price: 12, restaurantId: 10, restaurant: "Pho House", food_image: "/b.webp" };
  const large = { id: 41, name: "Large", priceDelta: 3.5 };
  const cheese = { id: 42, name: "Cheese", priceDelta: 1 };
  const bacon = { id: 43, name: "Bacon", priceDelta: 2.05 };
  const withCheese = { ...burger, options: [large, cheese], instructions: null };
  const withBacon = { ...burger, options: [large, bacon], instructions: "no onions" };

  it("the same dish with other choices or other instructions is another line; the same choices add up", () => {
    let cart = cartReducer([], { type: "add", item: withCheese });
    cart = cartReducer(cart, { type: "add", item: withBacon, quantity: 2 });
    cart = cartReducer(cart, { type: "add", item: { ...withCheese, options: [large, cheese] } });
    cart = cartReducer(cart, { type: "add", item: { ...withBacon, instructions: "extra napkins" } });
    expect(cart.map((line) => [line.options?.map((o) => o.name), line.instructions, line.quantity])).toEqual([
      [["Large", "Cheese"], null, 2],
      [["Large", "Bacon"], "no onions", 2],
      [["Large", "Bacon"], "extra napkins", 1],
    ]);
    expect(new Set(cart.map(cartLineKey)).size).toBe(3);
  });

  it("prices a line as the dish plus its options, in whole cents", () => {
    expect(lineUnitCents(withBacon)).toBe(1200 + 350 + 205);
    const cart = [
      { ...withCheese, quantity: 2 },
      { ...withBacon, quantity: 3 },
      { ...pho, quantity: 1 },
    ];
    expect(cartSubtotalCents(cart)).toBe(2 * 1650 + 3 * 1755 + 1350);
  });

  it("removes, steps and caps one line by its key, leaving the dish's other lines", () => {
    let cart = cartReducer([{ ...withCheese, quantity: 1 }], { type: "add", item: withBacon, quantity: 98 });
    expect(roomFor(cart, cartLineKey(withBacon))).toBe(1);
    expect(roomFor(cart, cartLineKey(withCheese))).toBe(98);
    cart = cartReducer(cart, { type: "decrement", key: cartLineKey(withCheese) });
    expect(cart.map((line) => line.instructions)).toEqual(["no onions"]);
    cart = cartReducer(cart, { type: "remove", key: cartLineKey(withBacon) });
    expect(cart).toEqual([]);
  });

  it("an edited line takes its new choices in place, or joins the line that already has them", () => {
    const start: CartItem[] = [
      { ...pho, quantity: 1 },
      { ...withCheese, quantity: 2 },
      { ...withBacon, quantity: 1 },
    ];
    const edited = cartReducer(start, { type: "edit", key: cartLineKey(withCheese), item: { ...withCheese, options: [cheese] }, quantity: 3 });
    expect(edited.map((line) => [line.id, line.options?.map((o) => o.id), line.quantity])).toEqual([
      [1, undefined, 1],
      [4, [42], 3],
      [4, [41, 43], 1],
    ]);
    const joined = cartReducer(start, { type: "edit", key: cartLineKey(withCheese), item: withBacon, quantity: 2 });
    expect(joined.map((line) => [line.id, line.quantity, line.instructions])).toEqual([
      [1, 1, undefined],
      [4, 3, "no onions"],
    ]);
    expect(cartReducer(start, { type: "edit", key: "gone", item: withBacon, quantity: 1 })).toBe(start);
  });

  it("a cart saved before dishes had options loads and keeps working; malformed options are dropped", () => {
    const store = memoryStore();
    // Exactly what the browser stored before: no options, no instructions.
    store.setItem(
      "cartItems_8",
      JSON.stringify([
        { ...pho, quantity: 2 },
        { ...rolls, quantity: 1 },
      ]),
    );
    let cart = loadCart(store, 8);
    expect(cart).toEqual([
      { ...pho, quantity: 2 },
      { ...rolls, quantity: 1 },
    ]);
    expect(cartSubtotalCents(cart)).toBe(2700 + 625);
    cart = cartReducer(cart, { type: "add", item: { ...pho, options: [], instructions: null } });
    expect(cart.map((line) => line.quantity)).toEqual([3, 1]);
    cart = cartReducer(cart, { type: "increment", key: PHO });
    expect(cart[0]!.quantity).toBe(4);
    store.setItem(
      "cartItems_8",
      JSON.stringify([
        { ...withCheese, quantity: 1 },
        { ...burger, options: [{ id: "x" }], quantity: 1 },
        { ...burger, instructions: 5, quantity: 1 },
      ]),
    );
    expect(loadCart(store, 8)).toEqual([{ ...withCheese, quantity: 1 }]);
  });
});
