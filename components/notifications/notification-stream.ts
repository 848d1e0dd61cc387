"use client";
import { subscribeLive } from "@/lib/client/live-connection";
import { PERSONAL_STREAM } from "@/lib/client/use-order-events";

// The bell's live updates (docs/architecture/notifications.md), on the page's one personal stream
// (GET /api/events, shared with every other live part of the page: lib/client/live-connection.ts):
// `onChange` runs once the stream is open (and after every reconnect: what happened meanwhile is
// re-read, not replayed) and on each `event: notification`. A tab coming back re-reads too.

export function watchNotifications(onChange: () => void): () => void {
  if (typeof EventSource === "undefined") {
    onChange();
    return () => {};
  }
  const stop = subscribeLive({ url: PERSONAL_STREAM, onOpen: onChange, onReload: onChange, onEvent: () => {}, onNotification: onChange });
  // A laptop waking from sleep, a read mark made in another tab.
  const onVisible = () => document.visibilityState === "visible" && onChange();
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    stop();
    document.removeEventListener("visibilitychange", onVisible);
  };
}
