"use client";
import { lazy, Suspense, useCallback, useRef, useState, type ComponentProps } from "react";
import type { OrderEventJson } from "@/lib/shared/orders/order-stages";
import type { ConnectionState, Missed } from "./connection-banner";

// The board's live connection as the kitchen sees it (docs/architecture/kitchen.md "A board that
// lives on a tablet"): a loud banner while the stream is lost (an error, the tablet offline), and
// when it is back, what happened meanwhile: the stream resumes after the last event received
// (Last-Event-ID, lib/client/live-connection.ts) and replays the events missed, which this counts.
// The banner itself (connection-banner.tsx) loads after the board: the route's first-load budget.
/** An event this long after the return still counts as missed (the server's clock against the tablet's). */
const SKEW_MS = 2_000;

/** The connection's state for the banner, and the handlers useOrderEvents takes (`onStatus`, `onEvent`). */
export function useBoardConnection(): ConnectionState & { onStatus: (connected: boolean) => void; onEvent: (event: OrderEventJson) => void } {
  const [lost, setLost] = useState(false);
  const [missed, setMissed] = useState<Missed | null>(null);
  // While set, an event that happened before this time (plus SKEW_MS) was missed while lost.
  const backAt = useRef<number | null>(null);
  const onStatus = useCallback((connected: boolean) => {
    setLost(!connected);
    if (connected) {
      backAt.current = Date.now();
      setMissed({ newOrders: [], updates: 0 });
    }
  }, []);
  const onEvent = useCallback((event: OrderEventJson) => {
    if (backAt.current === null || Date.parse(event.at) > backAt.current + SKEW_MS) return;
    if (event.stage === "courier_position" || event.stage === "courier_message") return;
    setMissed((was) => {
      const base = was ?? { newOrders: [], updates: 0 };
      return event.stage === "placed" ? { ...base, newOrders: [...base.newOrders, event.orderId] } : { ...base, updates: base.updates + 1 };
    });
  }, []);
  const dismiss = useCallback(() => {
    backAt.current = null;
    setMissed(null);
  }, []);
  return { lost, missed: lost ? null : missed, onStatus, onEvent, dismiss };
}

const Banner = lazy(() => import("./connection-banner").then((m) => ({ default: m.ConnectionBanner })));

export function ConnectionBanner(props: ComponentProps<typeof Banner>) {
  return (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  );
}
