"use client";
import { useEffect, useRef } from "react";
import type { OrderEventJson } from "@/lib/shared/order-stages";

// One live stream of order events (Server-Sent Events, `event: order` and `event: delivery`) for a component. The
// screens never trust the events alone: `onSync` runs after every (re)connect and on an
// `event: reload` (a client too far behind to be replayed what it missed), so the page re-reads
// the server's state and is right even when events were late or missed; `onEvent` runs once
// per event id. A courier's position (`courier_position`, every few seconds while they carry an
// order) changes nothing the screens re-read: it goes to `onEvent` alone, and the order's page
// moves its map marker from it. EventSource reconnects by itself after a dropped connection
// (sending Last-Event-ID); when the browser gives up (the server answered an error, or was
// down when it retried) the stream is reopened here after a growing pause, resuming after the
// last id seen.

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

type Handlers = { onSync: () => Promise<unknown> | void; onEvent?: (event: OrderEventJson) => void };

export function useOrderEvents(url: string | null, handlers: Handlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let failures = 0;
    let lastId: string | null = null;
    const seen = new Set<number>();
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

    const open = () => {
      const target = lastId ? `${url}${url.includes("?") ? "&" : "?"}lastEventId=${encodeURIComponent(lastId)}` : url;
      const stream = new EventSource(target);
      source = stream;
      stream.onopen = () => {
        failures = 0;
        void sync();
      };
      const received = (message: Event) => {
        const event = parseEvent((message as MessageEvent<string>).data);
        if ((message as MessageEvent).lastEventId) lastId = (message as MessageEvent).lastEventId;
        if (!event || seen.has(event.id)) return;
        seen.add(event.id);
        latest.current.onEvent?.(event);
        // A position or a message (courier_message: the thread re-reads itself) changes nothing the screens re-read.
        if (event.stage !== "courier_position" && event.stage !== "courier_message") void sync();
      };
      // A stage is `event: order`; a courier's news (assigned, arrived, a position, an offer) is
      // `event: delivery` (lib/server/order-events/stream.ts).
      stream.addEventListener("order", received);
      stream.addEventListener("delivery", received);
      // The server found this client too far behind to replay what it missed
      // (lib/server/order-events/stream.ts): re-read the state, and resume after the id it names.
      stream.addEventListener("reload", (message) => {
        if (message.lastEventId) lastId = message.lastEventId;
        void sync();
      });
      stream.onerror = () => {
        if (stream.readyState !== EventSource.CLOSED) return; // the browser is reconnecting
        stream.close();
        timer = window.setTimeout(open, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
      };
    };

    open();
    return () => {
      window.clearTimeout(timer);
      source?.close();
    };
  }, [url]);
}

function parseEvent(data: string): OrderEventJson | null {
  try {
    const event = JSON.parse(data) as OrderEventJson;
    return typeof event?.id === "number" && typeof event.orderId === "number" ? event : null;
  } catch {
    return null;
  }
}
