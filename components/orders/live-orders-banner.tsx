"use client";
import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { afterIdle } from "@/lib/client/after-idle";
import type { Locale } from "@/lib/i18n/locale";
import type { FeedWords } from "./live-orders-feed";

// Only the signed-in shell loads the live code (the stream, the banner, the toasts), once the
// browser is idle after the load event (lib/client/after-idle.ts): it stays out of every
// route's first-load JavaScript and out of the hydration's seconds.
const LiveOrdersFeed = lazy(() => import("./live-orders-feed").then((m) => ({ default: m.LiveOrdersFeed })));

/** The live banner of the signed-in customer's open orders and the toasts of their steps. */
export function LiveOrdersBanner({ words, locale }: { words: FeedWords; locale: Locale }) {
  const { user } = useSession();
  const [started, setStarted] = useState(false);
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    return afterIdle(() => startTransition(() => setStarted(true)), 1500);
  }, [signedIn]);
  if (!user || !started) return null;
  return (
    <Suspense fallback={null}>
      <LiveOrdersFeed key={user.id} words={words} locale={locale} />
    </Suspense>
  );
}
