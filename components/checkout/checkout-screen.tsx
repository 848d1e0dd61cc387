"use client";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CheckoutForm } from "./checkout-form";
import { CheckoutSkeleton } from "./checkout-skeleton";
import { useCheckoutOrder } from "./use-checkout-order";
import styles from "./checkout.module.css";

/** /checkout: the stored Active order, loaded and guarded by useCheckoutOrder. */
export function CheckoutScreen() {
  const { state, retry, markPlacing } = useCheckoutOrder();
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
      {state.status === "ready" && <CheckoutForm key={state.order.id} order={state.order} closingTime={state.closingTime} markPlacing={markPlacing} />}
    </div>
  );
}
