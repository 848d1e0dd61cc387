"use client";
import { lazy, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { lazyModule } from "@/lib/client/lazy-module";
import { CheckoutSkeleton } from "./checkout-skeleton";
import { useCheckoutOrder, type CheckoutReady } from "./use-checkout-order";
import type { CheckoutFormProps } from "./checkout-form";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import type { AddressBookWords } from "@/components/addresses/address-form";
import { fill } from "@/lib/shared/words/fill";
import styles from "./checkout.module.css";

// The form's code (the choices, the price, the dialogs) is not part of the page's first-load
// JavaScript: its chunk starts loading as soon as this module runs (in the browser, with the
// page's scripts). When the server rendered the order (`initial`), the form is in the page's
// HTML and the page hydrates once the chunk is in (React keeps the server's markup meanwhile);
// otherwise the order loads from the API, the skeleton showing until both order and code are in.
//
// There is no Suspense boundary around the form, deliberately: React streams a boundary's
// content after the rest of the page when it is large (over 12,800 bytes of HTML with what
// precedes it; the form is about 12 KB), so the form would paint a few hundred milliseconds
// after the first frame (and with it the page's largest paint). Without one, a browser waiting
// for the chunk keeps what it has: hydration waits with the server's markup, and the order
// loaded from the API is shown in a transition, which keeps the skeleton until the code is in.
const checkoutForm = lazyModule(() => import("./checkout-form"));
const LazyCheckoutForm = lazy(() => checkoutForm.load().then((m) => ({ default: m.CheckoutForm })));
checkoutForm.load().catch(() => undefined); // retried by the lazy component if it failed

/**
 * /checkout: the stored Active order (rendered by the server when it could), loaded and guarded by
 * useCheckoutOrder; `words` (the catalogue's checkout) and `locale` from the server.
 */
export function CheckoutScreen({
  initial,
  words,
  flow,
  locale,
  pinWords,
}: {
  initial: CheckoutReady | null;
  words: Words<"checkout">;
  /** The catalogue's orderflow.checkout and orderflow.cards (its notices, the schedule, the custom tip, the cards), and the allergens' names. */
  flow: CheckoutFormProps["flow"];
  locale: Locale;
  pinWords: AddressBookWords;
}) {
  const { state, retry, markPlacing, replaceOrder } = useCheckoutOrder(initial);
  // The module itself when it is already here (the server, a second visit), else lazy(): chosen
  // once per mount, since a component whose type changes is mounted again (its choices lost).
  // Either gives the same markup, so the browser hydrates the server's form through lazy().
  const [CheckoutForm] = useState(() => checkoutForm.current()?.CheckoutForm ?? LazyCheckoutForm);
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{words.title}</h1>
        {state.status === "ready" && <p className={styles.subheading}>{fill(words.from, { name: state.order.restaurant.name })}</p>}
      </header>
      {state.status === "loading" && <CheckoutSkeleton label={flow.checkout.loading} />}
      {state.status === "failed" && (
        <EmptyState
          icon="receipt"
          title={words.loadFailed}
          action={
            <button type="button" className={buttonClass()} onClick={retry}>
              {words.retry}
            </button>
          }
        >
          {state.message}
        </EmptyState>
      )}
      {state.status === "ready" && (
        <CheckoutForm
          key={state.order.id}
          order={state.order}
          restaurant={state.restaurant}
          openedAt={state.at}
          closed={state.closed}
          markPlacing={markPlacing}
          onReplaced={replaceOrder}
          onStale={retry}
          words={words}
          flow={flow}
          locale={locale}
          pinWords={pinWords}
        />
      )}
    </div>
  );
}
