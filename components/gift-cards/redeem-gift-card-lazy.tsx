"use client";
import { lazy } from "react";

// The wallet's gift card code field (redeem-gift-card.tsx), in a chunk of its own loaded after the
// page (the page wraps it in Suspense): below the wallet's statement, not the page's first-load
// JavaScript (bench/first-load-js.mjs). React's own lazy: lazyComponent's retries would cost the
// wallet's first load the bytes it has no room for.
export const LazyRedeemGiftCard = lazy(() => import("./redeem-gift-card").then((m) => ({ default: m.RedeemGiftCard })));
