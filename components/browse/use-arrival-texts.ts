"use client";
import { useEffect, useState } from "react";

// /home quotes the cards of the address searched only (NearTrack, docs/architecture/order-stages.md
// "The arrival quoted before ordering"), the request loaded after the page is up: /home's
// first-load JavaScript is at its limit.

/** The cards' quotes for `ids` to `place` (the address searched on /home, a query: `address=`): by restaurant, the standard range's text (arrival-texts.ts, loaded after the page is up). */
export function useArrivalTexts(ids: readonly number[], place: string): ReadonlyMap<number, string> {
  const key = ids.join(",");
  const [texts, setTexts] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    import("./arrival-texts")
      .then((m) => m.fetchArrivalTexts(key, place, controller.signal))
      .then(setTexts)
      .catch(() => undefined);
    return () => controller.abort();
  }, [key, place]);
  return texts;
}
