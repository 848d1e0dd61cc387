"use client";
import { lazy, Suspense } from "react";
import { useSession } from "@/components/providers/session-provider";

// Only the signed-in shell loads the live code (the stream, the banner, the toasts), after
// the page is up: it stays out of every route's first-load JavaScript.
const LiveOrdersFeed = lazy(() => import("./live-orders-feed").then((m) => ({ default: m.LiveOrdersFeed })));

/** The live banner of the signed-in customer's open orders and the toasts of their steps. */
export function LiveOrdersBanner() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <LiveOrdersFeed key={user.id} />
    </Suspense>
  );
}
