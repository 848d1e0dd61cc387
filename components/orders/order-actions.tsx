"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { api, SERVER_FAILURE } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { lazyModule, useLazyModule } from "@/lib/client/lazy-module";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { reorderNotice } from "./format";
import type { ReorderJson } from "@/lib/contract/orders/schemas";
import type { Words } from "@/lib/i18n/words";
import type { SignupWords } from "@/components/auth/signup-modal";
import type { Locale } from "@/lib/i18n/locale";
import type { CancelWords } from "./cancel-order-dialog";
import { reorderCartId } from "@/lib/shared/orders/cart";
import { fill } from "@/lib/shared/words/fill";
import styles from "./orders.module.css";

// The cancel confirmation loads on first opening, and the checkout's storage once the list is
// up: neither is needed to show the orders.
const currentOrder = lazyModule(() => import("@/components/checkout/current-order"));
const CancelOrderDialog = lazy(() => import("./cancel-order-dialog").then((m) => ({ default: m.CancelOrderDialog })));
const SignupModal = lazy(() => import("@/components/auth/signup-modal").then((m) => ({ default: m.SignupModal })));

/**
 * Reorder, Rate, Cancel and Continue checkout, as the order now stands (the list re-reads it on
 * its live events). Cancel only while the restaurant has not accepted it. Rate, as the spec has it,
 * on every placed order (Submitted or Completed) until it is reviewed, disabled for Canceled
 * orders, absent for orders still at checkout or whose restaurant is gone; once the food was
 * handed over (Completed) it is the card's primary action. A thumbs-up marks an order rating of 3 or more. Who may review (lib/server/reviews/reviews.ts):
 * a guest's Rate opens the signup modal, and an owner's order from their own restaurant says
 * why it cannot be rated instead.
 */
export function OrderActions({
  order,
  onChange,
  words: w,
  signup,
  cancel,
}: {
  order: OrderJson;
  onChange: (order: OrderJson) => void;
  words: Words<"orders">["actions"];
  /** The signup modal's words. */
  signup: SignupWords;
  /** The cancel dialog's words (the catalogue's orderflow.orders.cancel) and the amounts' language. */
  cancel: { words: CancelWords; locale: Locale };
}) {
  const router = useRouter();
  const { show } = useAlerts();
  // Once reordered, the button stays busy while checkout opens.
  const [reordered, setReordered] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancelLoaded = useOpenedOnce(confirmCancel);
  const { user } = useSession();
  const [signupOpen, setSignupOpen] = useState(false);
  const signupLoaded = useOpenedOnce(signupOpen);
  useLazyModule(currentOrder);
  const name = order.restaurant.name;

  /** `cartId`: a reorder's identity, kept with the order so checkout's order made again stays its one. */
  const toCheckout = async (next: OrderJson, cartId?: string) => {
    (await currentOrder.load()).storeCurrentOrder(next, cartId);
    router.push("/checkout");
  };

  const reordering = useApiAction(
    async () => {
      const [result, storage] = await Promise.all([api<ReorderJson>(`/api/orders/${order.id}/reorder`, { method: "POST" }), currentOrder.load()]);
      const notice = reorderNotice(result.changes);
      const chooseAgain = result.changes.choices;
      if (notice || chooseAgain.length) storage.storeReorderNotice(result.order.id, notice, chooseAgain);
      else storage.clearReorderNotice();
      setReordered(true);
      await toCheckout(result.order, reorderCartId(order.id));
    },
    { onError: (failure) => (setReordered(false), show(failure.message, "error")) },
  );
  const reorder = () => reordering.run();
  const busyReordering = reordering.busy || reordered;

  if (order.status === "Active") {
    return (
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ size: "small" })} onClick={() => toCheckout(order).catch(() => show(SERVER_FAILURE, "error"))}>
          {w.continue}
        </button>
      </div>
    );
  }

  const rating = order.review?.orderRating ?? null;
  // A delivered order not yet rated: Rate is the one to do (primary), Reorder steps back.
  const rateFirst = order.status === "Completed" && rating === null && order.restaurantId !== null && !order.fromOwnRestaurant;
  const rateLook = buttonClass({ variant: rateFirst ? "primary" : "secondary", size: "small" });
  const rateHref = `/reviews/restaurant/${order.restaurantId}?orderId=${order.id}&restaurantName=${encodeURIComponent(name)}`;
  return (
    <div className={styles.actions}>
      {rating !== null && rating >= 3 && (
        <span className={styles.thumb} role="img" aria-label={fill(w.thumbs, { rating })}>
          <IconGlyph name="thumbsUp" size={18} />
        </span>
      )}
      {rating !== null && rating < 3 && <span className={styles.reviewed}>{w.reviewed}</span>}
      {order.restaurantId !== null &&
        rating === null &&
        (order.status === "Canceled" ? (
          // The reason is shown, not left to a tooltip a phone or keyboard never sees.
          <>
            <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} disabled aria-describedby={`order-${order.id}-rate-why`}>
              {w.rate}
            </button>
            <span id={`order-${order.id}-rate-why`} className={styles.reviewed}>
              {w.canceledNoRate}
            </span>
          </>
        ) : order.fromOwnRestaurant ? (
          <span className={styles.reviewed}>{w.ownNoRate}</span>
        ) : user?.guestAccount ? (
          <button type="button" className={rateLook} onClick={() => setSignupOpen(true)} aria-haspopup="dialog" aria-label={fill(w.rateSignUp, { name })}>
            {w.rate}
          </button>
        ) : (
          <Link href={rateHref} className={rateLook} aria-label={fill(w.rateFrom, { name })}>
            {w.rate}
          </Link>
        ))}
      {order.status === "Submitted" && (order.stage ?? "placed") === "placed" && (
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setConfirmCancel(true)}>
          {w.cancel}
        </button>
      )}
      {order.restaurantId !== null && (
        <button
          type="button"
          className={buttonClass({ variant: rateFirst ? "secondary" : "primary", size: "small" })}
          onClick={reorder}
          disabled={busyReordering}
          aria-label={busyReordering ? undefined : fill(w.reorderFrom, { name })}
        >
          {busyReordering ? w.reordering : w.reorder}
        </button>
      )}
      {cancelLoaded && (
        <Suspense fallback={null}>
          <CancelOrderDialog
            order={order}
            open={confirmCancel}
            onClose={() => setConfirmCancel(false)}
            onCanceled={(canceled) => {
              setConfirmCancel(false);
              onChange(canceled);
            }}
            lang={cancel}
          />
        </Suspense>
      )}
      {signupLoaded && (
        <Suspense fallback={null}>
          <SignupModal open={signupOpen} onClose={() => setSignupOpen(false)} words={signup} />
        </Suspense>
      )}
    </div>
  );
}
