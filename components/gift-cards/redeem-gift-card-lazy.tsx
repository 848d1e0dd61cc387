"use client";
import { Suspense, type ComponentProps } from "react";
import { lazyComponent } from "@/lib/client/lazy-component";

// The wallet's gift card code field (redeem-gift-card.tsx), in a chunk of its own loaded after the
// page: below the wallet's statement, not the page's first-load JavaScript (bench/first-load-js.mjs).
const RedeemGiftCard = lazyComponent(() => import("./redeem-gift-card").then((m) => ({ default: m.RedeemGiftCard })));

export function LazyRedeemGiftCard(props: ComponentProps<typeof RedeemGiftCard>) {
  return (
    <Suspense fallback={null}>
      <RedeemGiftCard {...props} />
    </Suspense>
  );
}
