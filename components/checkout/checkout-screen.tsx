"use client";
import { lazy, Suspense, useEffect } from "react";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { lazyModule } from "@/lib/client/lazy-module";
import { CheckoutSkeleton } from "./checkout-skeleton";
import { useCheckoutOrder } from "./use-checkout-order";
import styles from "./checkout.module.css";

// The form shows only once the order has loaded (from the API, after the page is up), so its
// code (the choices, the price, the dialogs) loads in parallel with the order instead of with
// the page: the skeleton covers both.
const checkoutForm = lazyModule(() => import("./checkout-form"));
const CheckoutForm = lazy(() => checkoutForm.load().then((m) => ({ default: m.CheckoutForm })));

/** /checkout: the stored Active order, loaded and guarded by useCheckoutOrder. */
export function CheckoutScreen() {
  const { state, retry, markPlacing, replaceOrder } = useCheckoutOrder();
  useEffect(() => {
    checkoutForm.load().catch(() => undefined); // retried by the lazy component if it failed
  }, []);
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.heading}>Checkout</h1>
        {state.status === "ready" && <p className={styles.subheading}>Your order from {state.order.restaurant.name}</p>}
      </header>
      {state.status === "loading" && <CheckoutSkeleton />}
      {state.status === "failed" && (
        <EmptyState
          icon="receipt"
          title="We couldn't load your order"
          action={
            <button type="button" className={buttonClass()} onClick={retry}>
              Try again
            </button>
          }
        >
          {state.message}
        </EmptyState>
      )}
      {state.status === "ready" && (
        <Suspense fallback={<CheckoutSkeleton />}>
          <CheckoutForm key={state.order.id} order={state.order} restaurant={state.restaurant} markPlacing={markPlacing} onReplaced={replaceOrder} onStale={retry} />
        </Suspense>
      )}
    </div>
  );
}
