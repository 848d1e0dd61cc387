"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useOrderEvents } from "@/lib/client/use-order-events";

/**
 * Keeps restaurants/manage's "n new" counts live: one event stream per listed restaurant
 * (GET /api/manage/{id}/orders/events), and after every (re)connect and every event the page's
 * server data (the restaurants and their counts) is re-read. Bursts (several streams opening at
 * once, a replayed backlog) become one re-read.
 */
export function NewOrderWatch({ restaurantIds }: { restaurantIds: number[] }) {
  const router = useRouter();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const reread = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => router.refresh(), 200);
  };
  return restaurantIds.map((id) => <RestaurantStream key={id} restaurantId={id} onChange={reread} />);
}

function RestaurantStream({ restaurantId, onChange }: { restaurantId: number; onChange: () => void }) {
  useOrderEvents(`/api/manage/${restaurantId}/orders/events`, { onSync: onChange });
  return null;
}
