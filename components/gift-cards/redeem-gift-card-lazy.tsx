"use client";
import { lazyComponent } from "@/lib/client/lazy-component";

// The wallet's gift card code field (redeem-gift-card.tsx), in a chunk of its own loaded after the
// page (the page wraps it in Suspense): below the wallet's statement, not the page's first-load
// JavaScript (bench/first-load-js.mjs).
export const LazyRedeemGiftCard = lazyComponent(() => import("./redeem-gift-card").then((m) => ({ default: m.RedeemGiftCard })));
