"use client";
import { Suspense, type ComponentProps } from "react";
import { lazyComponent } from "@/lib/client/lazy-component";

// What an order's page shows only once its own read answers (both render nothing until then, on the
// server too): their own chunks, loaded after the page, not first-load JavaScript (bench/first-load-js.mjs).
const OrderProblems = lazyComponent(() => import("@/components/problems/order-problems").then((m) => ({ default: m.OrderProblems })));
const OrderPayment = lazyComponent(() => import("./order-payment").then((m) => ({ default: m.OrderPayment })));
const RaiseTip = lazyComponent(() => import("./raise-tip").then((m) => ({ default: m.RaiseTip })));
const RateCourier = lazyComponent(() => import("./rate-courier").then((m) => ({ default: m.RateCourier })));

/** A delivered order's problem reports and form (components/problems/order-problems.tsx), loaded after the page. */
export function LazyOrderProblems(props: ComponentProps<typeof OrderProblems>) {
  return (
    <Suspense fallback={null}>
      <OrderProblems {...props} />
    </Suspense>
  );
}

/** A card order's payment state (components/orders/order-payment.tsx), loaded after the page. */
export function LazyOrderPayment(props: ComponentProps<typeof OrderPayment>) {
  return (
    <Suspense fallback={null}>
      <OrderPayment {...props} />
    </Suspense>
  );
}

/** "Raise the tip" for an hour after delivery (components/orders/raise-tip.tsx), loaded after the page. */
export function LazyRaiseTip(props: ComponentProps<typeof RaiseTip>) {
  return (
    <Suspense fallback={null}>
      <RaiseTip {...props} />
    </Suspense>
  );
}

/** "How was your courier?" for 24 hours after delivery (components/orders/rate-courier.tsx), loaded after the page. */
export function LazyRateCourier(props: ComponentProps<typeof RateCourier>) {
  return (
    <Suspense fallback={null}>
      <RateCourier {...props} />
    </Suspense>
  );
}
