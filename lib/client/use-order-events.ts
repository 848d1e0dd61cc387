"use client";
import { useEffect, useRef } from "react";
import type { OrderEventJson } from "@/lib/shared/orders/order-stages";

// A component's live order events (Server-Sent Events, `event: order` and `event: delivery`),
// over the page's shared stream (./live-connection.ts): the app's pages all listen to the
// person's one stream, PERSONAL_STREAM, each taking the events it `accept`s. The screens never
// trust the events alone: `onSync` runs after every (re)connect and on an `event: reload` (a
// client too far behind to be replayed what it missed), so the page re-reads the server's state
// and is right even when events were late or missed; `onEvent` runs once per event id. A
// courier's position (`courier_position`, every few seconds while they carry an order) changes
// nothing the screens re-read: it goes to `onEvent` alone, and the order's page moves its map
// marker from it.

/** The signed-in person's one stream (GET /api/events, docs/architecture/live-order-events.md). */
export const PERSONAL_STREAM = "/api/events";

type Handlers = {
  onSync: () => Promise<unknown> | void;
  onEvent?: (event: OrderEventJson) => void;
  /** Which of the stream's events are this component's (all when left out). */
  accept?: (event: OrderEventJson) => boolean;
  /** The stream was lost (false) or is back (true): live-connection.ts onStatus. */
  onStatus?: (connected: boolean) => void;
};

export function useOrderEvents(url: string | null, handlers: Handlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!url) return;
    // A burst of events (a replayed backlog) costs one re-read in flight and one after it.
    let running = false;
    let again = false;
    const sync = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await Promise.resolve(latest.current.onSync()).catch(() => undefined);
        } while (again);
      } finally {
        running = false;
      }
    };
    // The shared stream's code loads after the page (it is not first-load JavaScript).
    let stop: (() => void) | null = null;
    let gone = false;
    void import("./live-connection").then(({ subscribeLive }) => {
      if (gone) return;
      stop = subscribeLive({
        url,
        onOpen: () => void sync(),
        onReload: () => void sync(),
        onStatus: (connected) => latest.current.onStatus?.(connected),
        onEvent: (event) => {
          if (latest.current.accept && !latest.current.accept(event)) return;
          latest.current.onEvent?.(event);
          // A position or a message (courier_message: the thread re-reads itself) changes nothing the screens re-read.
          if (event.stage !== "courier_position" && event.stage !== "courier_message") void sync();
        },
      });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [url]);
}
