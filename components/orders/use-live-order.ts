"use client";
import { useCallback, useState } from "react";
import { api } from "@/lib/client/api";
import { PERSONAL_STREAM, useOrderEvents } from "@/lib/client/use-order-events";
import type { OrderCourier, OrderDelivery, Point } from "@/lib/shared/delivery/delivery";
import type { LiveOrderFields, OrderEventJson } from "@/lib/shared/orders/order-stages";
import type { OrderJson } from "@/lib/server/orders/to-json";

/** The order's JSON; `courier` and `delivery` per docs/architecture/couriers.md (absent from older servers). */
export type LiveOrderJson = OrderJson & LiveOrderFields & { courier?: OrderCourier; delivery?: OrderDelivery };

/**
 * The order of a live order page (live-order.tsx), kept current: re-read after every (re)connect of
 * its event stream and after every event, but for a courier's position (`livePosition`, between
 * two reads) and a message (`messageWake`, bumped: the thread re-reads itself); `refetch` re-reads it
 * now (the tracking's, the cancel dialog's), `setOrder` takes an answer in.
 */
export function useLiveOrder(initial: LiveOrderJson) {
  const [order, setOrder] = useState(initial);
  const [livePosition, setLivePosition] = useState<{ point: Point; at: number } | null>(null);
  const [messageWake, setMessageWake] = useState(0);
  const refetch = useCallback(async () => {
    const next = await api<LiveOrderJson>(`/api/orders/${initial.id}`);
    setOrder(next);
    setLivePosition(null);
  }, [initial.id]);
  // A position moves the marker in place (no re-read); every other event re-reads the order.
  const onEvent = useCallback((event: OrderEventJson) => {
    if (event.stage === "courier_message") return setMessageWake((wake) => wake + 1);
    const { lat, lng } = event.detail ?? {};
    if (event.stage === "courier_position" && typeof lat === "number" && typeof lng === "number") {
      // When the position was taken (else when it was told): what the estimate counts from, as on the server.
      setLivePosition({ point: { lat, lng }, at: new Date(event.detail?.positionAt ?? event.at).getTime() || Date.now() });
    }
  }, []);
  // The customer's own order is on their personal stream; a group order's participant follows the order's own stream.
  const streamUrl = order.status === "Active" ? null : initial.group?.member ? `/api/orders/${initial.id}/events` : PERSONAL_STREAM;
  const ofThisOrder = useCallback((event: OrderEventJson) => event.orderId === initial.id, [initial.id]);
  useOrderEvents(streamUrl, { onSync: refetch, onEvent, accept: ofThisOrder });

  return { order, setOrder, refetch, livePosition, messageWake };
}
