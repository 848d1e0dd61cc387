"use client";

// The bell's live stream (GET /api/notifications/events, docs/architecture/notifications.md):
// `onChange` runs once the stream is open (and after every reconnect: what happened meanwhile
// is re-read, not replayed) and on each `event: notification`. EventSource reconnects by
// itself; when the browser gives up (an error answer, the server down) it is reopened after a
// growing pause.

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function watchNotifications(onChange: () => void): () => void {
  if (typeof EventSource === "undefined") {
    onChange();
    return () => {};
  }
  let source: EventSource | null = null;
  let timer: number | undefined;
  let failures = 0;
  let stopped = false;
  const open = () => {
    if (stopped) return;
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
  open();
  // A tab coming back re-reads too (a laptop waking from sleep).
  const onVisible = () => document.visibilityState === "visible" && onChange();
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    source?.close();
    document.removeEventListener("visibilitychange", onVisible);
  };
}
