"use client";
import { lazy, type ComponentProps } from "react";

// The wallet's gift card code field (redeem-gift-card.tsx), in a chunk of its own loaded after the
// page (the page wraps it in Suspense): below the wallet's statement, not the page's first-load
// JavaScript (bench/first-load-js.mjs). React's own lazy, wrapped in a component (a client
// reference must be one): lazyComponent's retries would cost the wallet's first load bytes it has
// no room for.
const RedeemGiftCard = lazy(() => import("./redeem-gift-card").then((m) => ({ default: m.RedeemGiftCard })));

export function LazyRedeemGiftCard(props: ComponentProps<typeof RedeemGiftCard>) {
  return <RedeemGiftCard {...props} />;
}
