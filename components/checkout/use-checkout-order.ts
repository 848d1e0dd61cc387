"use client";
import { useRouter } from "next/navigation";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import type { OrderJson } from "@/lib/server/orders/to-json";
import type { CheckoutRestaurant } from "./checkout-restaurant";
import type { ClosedNow } from "./closed-now";
import { abandonOrder, clearCurrentOrder, readCurrentOrder, rememberForResume, storeCurrentOrder } from "./current-order";

// Which order to show, and making one (resumed lines, or again): loaded when the
// page reads its order from the API, not when the server rendered it.
const cartOrder = () => import("./cart-order");

/**
 * A loaded checkout: the order, its restaurant (null if that read failed) and when it was read
 * (ms), the moment "closed now" is judged at; `closed`, that judgement when the server's render
 * made it (else the form makes it).
 */
export type CheckoutReady = { status: "ready"; order: OrderJson; restaurant: CheckoutRestaurant | null; at: number; closed?: ClosedNow | null };
export type CheckoutState = { status: "loading" } | { status: "failed"; message: string } | CheckoutReady;

const restaurantOf = (restaurantId: number | null) =>
  restaurantId
    ? // The whole restaurant: what checkout reads of it is a subset (toCheckoutRestaurant picks it for the server's render).
      api<{ restaurant: CheckoutRestaurant }>(`/api/restaurants/${restaurantId}`).then(
        ({ restaurant }) => restaurant,
        () => null,
      )
    : Promise.resolve<CheckoutRestaurant | null>(null);

/**
 * The Active order this checkout is for: read from localStorage and re-fetched; a stored order
 * removed meanwhile (left in another tab or on another device) is made again from its lines, and
 * a reload starts its own order again; with no current order (none stored: "Back to store" or
 * Back removed it), /orders, as spec section 4 says, whatever the cart holds. `initial`: the order the
 * server rendered (the one the checkout cookie named); it stands when localStorage holds the same
 * order, else the page loads the stored one as if there had been none (a reload, whose unload
 * abandoned the rendered order and left its lines to start again). Leaving the page while
 * the order is still Active (a link, browser back, closing the tab) clears the stored order
 * and deletes it on the server; `markPlacing` turns that off once Place order has started.
 */
export function useCheckoutOrder(initial: CheckoutReady | null) {
  const router = useRouter();
  const [state, setState] = useState<CheckoutState>(initial ?? { status: "loading" });
  const initialRef = useRef(initial);
  const orderRef = useRef<OrderJson | null>(null);
  const placingRef = useRef(false);
  const mountedRef = useRef(false);
  const loadingRef = useRef(false);

  const leave = useCallback((viaUnload: boolean) => {
    const order = orderRef.current;
    if (!order || placingRef.current) return;
    orderRef.current = null;
    clearCurrentOrder(order.id);
    // A reload also unloads the page: remember the lines so /checkout can start them again.
    if (viaUnload) rememberForResume(order);
    abandonOrder(order.id);
  }, []);

  /** The order to show, or null when the page is going elsewhere (or was left meanwhile). */
  const fetchOrder = useCallback(async (): Promise<CheckoutState | null> => {
    if (loadingRef.current) return null;
    loadingRef.current = true;
    try {
      const stored = readCurrentOrder();
      // The restaurant's hours are fetched alongside the order (one round trip, not two in a
      // row): the stored order already names its restaurant, which an order never changes.
      const storedRestaurantId = stored?.restaurantId ?? null;
      const storedRestaurant = restaurantOf(storedRestaurantId);
      const order = await cartOrder().then((m) => m.orderToCheck(stored));
      if (!order) return goToOrders();
      storeCurrentOrder(order);
      const restaurant = await (order.restaurantId === storedRestaurantId ? storedRestaurant : restaurantOf(order.restaurantId));
      orderRef.current = order;
      // Left while loading: this page will never show the order, so abandon it now.
      if (!mountedRef.current) {
        leave(false);
        return null;
      }
      return { status: "ready", order, restaurant, at: Date.now() };
    } catch (error) {
      const failure = parseApiError(error, "Could not load your order.");
      if (failure.status === 404 || failure.status === 403) return goToOrders();
      return { status: "failed", message: failure.message };
    } finally {
      loadingRef.current = false;
    }

    function goToOrders() {
      clearCurrentOrder();
      router.replace("/orders");
      return null;
    }
  }, [router, leave]);

  // The loaded order mounts the whole form (choices, price, schedule): in a transition, which
  // React renders in slices that yield to the browser, not in one blocking task (docs/log/performance.md,
  // "Work after hydration"); the skeleton stays until it is done.
  const load = useCallback(() => {
    void fetchOrder().then((next) => {
      if (next) startTransition(() => setState(next));
    });
  }, [fetchOrder]);

  useEffect(() => {
    mountedRef.current = true;
    const rendered = initialRef.current;
    if (rendered && readCurrentOrder()?.id === rendered.order.id) {
      orderRef.current = rendered.order;
      storeCurrentOrder(rendered.order);
    } else {
      initialRef.current = null;
      if (rendered) setState({ status: "loading" });
      load();
    }
    const onPageHide = () => leave(true);
    // Back from the back-forward cache: the order was abandoned on pagehide, start it again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) load();
    };
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      mountedRef.current = false;
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      // After a microtask: development's Strict Mode unmounts and mounts again at once, which
      // must not abandon an order the server rendered (a real unmount stays unmounted).
      queueMicrotask(() => {
        if (!mountedRef.current) leave(false);
      });
    };
  }, [load, leave]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    load();
  }, [load]);

  const markPlacing = useCallback((placing: boolean) => {
    placingRef.current = placing;
  }, []);

  /** The order was replaced by a new Active one (unavailable dishes removed): check that one out. */
  const replaceOrder = useCallback((next: OrderJson) => {
    orderRef.current = next;
    storeCurrentOrder(next);
    setState((current) => ({ status: "ready", order: next, restaurant: current.status === "ready" ? current.restaurant : null, at: Date.now() }));
  }, []);

  return { state, retry, markPlacing, replaceOrder };
}
