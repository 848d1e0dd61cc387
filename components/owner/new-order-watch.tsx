"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { PERSONAL_STREAM, useOrderEvents } from "@/lib/client/use-order-events";

/**
 * Keeps restaurants/manage's "n new" counts live for every listed restaurant: their orders' events
 * arrive on the page's one personal stream (GET /api/events), and after every (re)connect and
 * every event of one of them the page's server data (the restaurants and their counts) is
 * re-read. Bursts (a replayed backlog, several orders at once) become one re-read.
 */
export function NewOrderWatch({ restaurantIds }: { restaurantIds: number[] }) {
  const router = useRouter();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const ids = new Set(restaurantIds);
  useOrderEvents(PERSONAL_STREAM, {
    onSync: () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => router.refresh(), 200);
    },
    accept: (event) => event.restaurantId !== null && ids.has(event.restaurantId),
  });
  return null;
}
