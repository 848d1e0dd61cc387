"use client";
import { createContext, lazy, startTransition, Suspense, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from "react";
import {
  cartAfterUserChange,
  cartCount,
  cartLineKey,
  cartReducer,
  cartSubtotalCents,
  cartLimitMessage,
  conflictsWith,
  loadCart,
  roomFor,
  saveCart,
  type CartAction,
  type CartItem,
  type CartLineInput,
  type CartOwner,
} from "@/lib/shared/orders/cart";
import { forgetCartId } from "@/lib/client/cart-id";
import { STORAGE_KEYS } from "@/lib/shared/web/storage-keys";
import { useAlerts } from "./alerts-provider";
import { useSession } from "./session-provider";
import type { Words } from "@/lib/i18n/words";
import type { AddressEditorWords } from "@/components/shell/address-editor";

// The cart on the client: the reducer of lib/shared/orders/cart.ts, kept in local storage per user
// (cartItems_{userId} / cartItems_guest) with the login and logout rules.

// An Add without a saved address opens the address form; it loads then, not with every page.
const AddressEditor = lazy(() => import("@/components/shell/address-editor").then((m) => ({ default: m.AddressEditor })));

/** The add that met a cart from another restaurant, waiting for the customer's choice. */
export type PendingAdd = { item: CartLineInput; quantity: number; current: string };

type CartContextValue = {
  items: CartItem[];
  /** False until the stored cart is loaded: the count is not known yet (no "0" to flash). */
  ready: boolean;
  count: number;
  subtotalCents: number;
  /**
   * Adds to the cart after the spec's checks; false when refused (with an alert), or when the
   * cart holds another restaurant's items (the "Start a new cart?" dialog then asks).
   */
  add: (item: CartLineInput, quantity?: number) => boolean;
  /** The line `key` (cartLineKey) with the choices and quantity picked again in the dish's dialog. */
  edit: (key: string, item: CartLineInput, quantity: number) => void;
  increment: (key: string) => void;
  decrement: (key: string) => void;
  remove: (key: string) => void;
  clear: () => void;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
  /** An add refused because the cart holds another restaurant's items, until the customer chooses. */
  pendingAdd: PendingAdd | null;
  /** The "Start a new cart?" answer: empty the cart and add the dish in one step, or keep the cart. */
  resolvePendingAdd: (startNew: boolean) => void;
};

const CartContext = createContext<CartContextValue | null>(null);

/** An add waiting for the customer to save a delivery address first. */
type AwaitingAdd = { item: CartLineInput; quantity: number };

type OwnedCart = { owner: CartOwner | null; items: CartItem[] };
type OwnedCartAction = Parameters<typeof cartReducer>[1] | { type: "load"; owner: CartOwner; items: CartItem[] };

function ownedCartReducer(state: OwnedCart, action: OwnedCartAction): OwnedCart {
  if (action.type === "load") return { owner: action.owner, items: action.items };
  const items = cartReducer(state.items, action);
  return items === state.items ? state : { ...state, items };
}

const storage = () => (typeof window === "undefined" ? null : window.localStorage);

/** `words`: the alerts of an Add (the catalogue's profile.cartAlerts; a name filled in place: fill() would join every page's first load), `addressWords` the address dialog's; from the root layout. */
export function CartProvider({ children, words, addressWords }: { children: ReactNode; words: Words<"profile">["cartAlerts"]; addressWords: AddressEditorWords }) {
  const { user, known, setUser } = useSession();
  const { show } = useAlerts();
  const owner: CartOwner = user?.id ?? "guest";
  // The items travel with the owner they belong to, so a save never files one user's cart
  // under another's key while the user changes.
  const [cart, dispatch] = useReducer(ownedCartReducer, { owner: null, items: [] });
  const { items } = cart;
  const [panelOpen, setPanelOpen] = useState(false);
  const [pendingAdd, setPendingAdd] = useState<PendingAdd | null>(null);
  const itemsRef = useRef(items);
  const [awaitingAddress, setAwaitingAddress] = useState<AwaitingAdd | null>(null);

  // First load, and the spec's rules when the signed-in user changes.
  useEffect(() => {
    const store = storage();
    // Until the session is known (a replayed page's session hole), the owner is not "guest" yet.
    if (!store || !known) return;
    const previous = cart.owner;
    if (previous === owner) return;
    const next = previous === null ? loadCart(store, owner) : cartAfterUserChange(store, previous, owner, itemsRef.current);
    saveCart(store, owner, next);
    const load = () => dispatch({ type: "load", owner, items: next });
    // The first load renders in a transition, in slices that yield to the browser (it
    // re-renders every cart consumer, the badge and each card's Add, right after hydration).
    // An Add pressed before it commits is safe: change() writes the stored cart and dispatches
    // after this load, so React replays it on top.
    if (previous === null) startTransition(load);
    else load();
  }, [owner, cart.owner, known]);

  useEffect(() => {
    itemsRef.current = cart.items;
  }, [cart.items]);

  // One cart per user across tabs: storage is the source of truth. A change
  // reads the stored cart, applies the rule to it and writes it back in the same step (so a
  // reload right after sees it), and every tab shows what another tab wrote.
  // Before the first load has run (an Add pressed between the render that learnt the session
  // and the effect that loads the cart), storage is already the owner's cart: reading and writing
  // it there keeps that Add, which the load would otherwise overwrite. While the user changes,
  // the effect's login/logout rules come first.
  const storedCartIsOurs = known && (cart.owner === owner || cart.owner === null);
  const stored = useCallback((): CartItem[] => {
    const store = storage();
    if (!store || !storedCartIsOurs) return itemsRef.current;
    const items = loadCart(store, owner);
    itemsRef.current = items;
    dispatch({ type: "load", owner, items });
    return items;
  }, [storedCartIsOurs, owner]);

  const change = useCallback(
    (action: CartAction) => {
      const store = storage();
      if (!store || !storedCartIsOurs) return dispatch(action);
      const next = cartReducer(loadCart(store, owner), action);
      saveCart(store, owner, next);
      // An emptied or replaced cart is another cart: one order per cart (lib/client/cart-id.ts).
      if (!next.length || action.type === "replace") forgetCartId(store, owner);
      itemsRef.current = next;
      dispatch({ type: "load", owner, items: next });
    },
    [storedCartIsOurs, owner],
  );

  useEffect(() => {
    if (cart.owner !== owner) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.cart(owner)) return;
      const store = storage();
      if (store) dispatch({ type: "load", owner, items: loadCart(store, owner) });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [cart.owner, owner]);

  const add = useCallback(
    (item: CartLineInput, quantity = 1) => {
      if (!user) {
        // The two ways on first (sign in and back here, or a guest account that keeps this Add), then the spec's message: a choice, not a refusal.
        import("./signed-out-add").then(
          (m) => show(words.logIn, "info", m.signedOutActions({ item, quantity }, setUser, show, words), words.signedOut.replace("{name}", item.name)),
          () => show(words.logIn, "error"),
        );
        return false;
      }
      if (!user.guestAccount && !user.address) {
        setAwaitingAddress({ item, quantity });
        return false;
      }
      const lines = stored();
      if (conflictsWith(lines, item.restaurantId)) {
        setPendingAdd({ item, quantity, current: lines[0]!.restaurant });
        return false;
      }
      const room = roomFor(lines, cartLineKey(item));
      if (room <= 0) {
        show(cartLimitMessage(item.name), "error");
        return false;
      }
      change({ type: "add", item, quantity });
      if (quantity > room) show(cartLimitMessage(item.name), "info");
      return true;
    },
    [user, show, stored, change, setUser, words],
  );

  // Clearing and adding are one dispatch: no render ever shows the emptied cart alone.
  const resolvePendingAdd = useCallback(
    (startNew: boolean) => {
      if (startNew && pendingAdd) change({ type: "replace", items: [{ ...pendingAdd.item, quantity: pendingAdd.quantity }] });
      setPendingAdd(null);
    },
    [pendingAdd, change],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      ready: cart.owner !== null,
      count: cartCount(items),
      subtotalCents: cartSubtotalCents(items),
      add,
      edit: (key, item, quantity) => change({ type: "edit", key, item, quantity }),
      increment: (key) => change({ type: "increment", key }),
      decrement: (key) => change({ type: "decrement", key }),
      remove: (key) => change({ type: "remove", key }),
      clear: () => change({ type: "clear" }),
      panelOpen,
      setPanelOpen,
      pendingAdd,
      resolvePendingAdd,
    }),
    [items, cart.owner, add, change, panelOpen, pendingAdd, resolvePendingAdd],
  );
  // The address form opens at the Add that needs it, and the item goes in
  // once the address is saved. Closing the form without one leaves the spec's message.
  const addAfterAddress = (pending: AwaitingAdd) => {
    setAwaitingAddress(null);
    const lines = stored();
    if (conflictsWith(lines, pending.item.restaurantId)) return setPendingAdd({ ...pending, current: lines[0]!.restaurant });
    change({ type: "add", item: pending.item, quantity: pending.quantity });
    show(words.addressSaved.replace("{name}", pending.item.name), "success");
  };

  return (
    <CartContext.Provider value={value}>
      {children}
      {awaitingAddress && (
        <Suspense fallback={null}>
          <AddressEditor
            open
            lead={words.address}
            words={addressWords}
            onClose={() => {
              setAwaitingAddress(null);
              show(words.address, "error");
            }}
            onSaved={() => addAfterAddress(awaitingAddress)}
          />
        </Suspense>
      )}
    </CartContext.Provider>
  );
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside <CartProvider>");
  return value;
}
