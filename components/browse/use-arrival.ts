"use client";
import { useEffect, useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import type { ArrivalQuoteJson, OnTimeJson } from "@/lib/contract/restaurants/schemas";

// The arrival quoted before ordering (docs/architecture/order-stages.md "Arrival window"), read in
// the browser: the restaurant page and the cards are replayed to everyone (catalog-and-caching.md),
// the quote depends on the visitor's address and on the kitchen and couriers right now. Until it
// answers (and without an address) they show the spec's range the server rendered. /home's
// cards: use-arrival-texts.ts.

/** The signed-in customer's saved place as the quote takes it, or null. */
export function useSavedPlaceQuery(): string | null {
  const { user } = useSession();
  return user?.lat != null && user.lng != null ? `lat=${user.lat}&lng=${user.lng}` : null;
}

/** One restaurant's quote to `place` (a query: `lat=&lng=` or `address=`; null: the caller's saved place, else none) and its on-time record. */
export function useArrivalQuote(restaurantId: number | null, place: string | null): { arrival: ArrivalQuoteJson; onTime: OnTimeJson } | null {
  const [answer, setAnswer] = useState<{ arrival: ArrivalQuoteJson; onTime: OnTimeJson } | null>(null);
  useEffect(() => {
    if (restaurantId === null) return;
    const controller = new AbortController();
    fetch(`/api/restaurants/${restaurantId}/arrival${place ? `?${place}` : ""}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then(setAnswer)
      .catch(() => undefined);
    return () => controller.abort();
  }, [restaurantId, place]);
  return answer;
}
