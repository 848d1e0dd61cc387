"use client";

// The bell's live stream (GET /api/notifications/events, docs/architecture/notifications.md):
// `onChange` runs once the stream is open (and after every reconnect: what happened meanwhile
// is re-read, not replayed) and on each `event: notification`. EventSource reconnects by
// itself; when the browser gives up (an error answer, the server down) it is reopened after a
// growing pause.
//
// One stream per browser, not per tab: a browser holds at most 6 connections to a host, and an
// order's page already holds two streams (the order's and the banner's), so a bell stream in
// every tab left two order tabs with no connection for their own requests. The tab holding the
// Web Lock "nosh-notification-stream" opens the stream and tells the other tabs over a
// BroadcastChannel; when it closes, the lock passes to another tab. Without Web Locks every tab
// opens its own.

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const LOCK = "nosh-notification-stream";
const CHANNEL = "nosh-notifications";

export function watchNotifications(onChange: () => void): () => void {
  if (typeof EventSource === "undefined") {
    onChange();
    return () => {};
  }
  const stop = new AbortController();
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  if (channel) channel.onmessage = () => onChange();
  const changed = () => {
    onChange();
    channel?.postMessage("changed");
  };

  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks && channel) {
    // Not the stream's tab (yet): read the count once now; the stream's tab tells of changes.
    onChange();
    locks
      .request(LOCK, { signal: stop.signal }, () => holdStream(changed, stop.signal))
      .catch(() => {
        // Aborted while waiting for the lock: this tab went away first.
      });
  } else {
    void holdStream(onChange, stop.signal);
  }

  // A tab coming back re-reads too (a laptop waking from sleep, a read mark made in another tab).
  const onVisible = () => document.visibilityState === "visible" && onChange();
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    stop.abort();
    channel?.close();
    document.removeEventListener("visibilitychange", onVisible);
  };
}

/** Keeps the stream open until `signal` aborts (resolving then, which releases the lock). */
function holdStream(onChange: () => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let source: EventSource | null = null;
    let timer: number | undefined;
    let failures = 0;
    const open = () => {
      if (signal.aborted) return;
      const stream = new EventSource("/api/notifications/events");
      source = stream;
      stream.onopen = () => {
        failures = 0;
        onChange();
      };
      stream.addEventListener("notification", onChange);
      stream.addEventListener("reload", onChange);
      stream.onerror = () => {
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        timer = window.setTimeout(open, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
      };
    };
    const end = () => {
      window.clearTimeout(timer);
      source?.close();
      resolve();
    };
    if (signal.aborted) return end();
    signal.addEventListener("abort", end, { once: true });
    open();
  });
}
