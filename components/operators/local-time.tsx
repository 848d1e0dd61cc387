"use client";
import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/lib/shared/format-date";

const subscribe = () => () => undefined;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const useZone = () => useSyncExternalStore(subscribe, browserZone, () => "UTC");

/**
 * An instant on the operator console, in the operator's own zone (their browser's): "Nov 27, 2026,
 * 5:04 PM". The zone is named once, in the console's bar (ConsoleZone), not after every date. The
 * server's render and the hydration print it in UTC; the browser's zone follows at once (no
 * hydration mismatch).
 */
export function LocalTime({ at }: { at: string }) {
  const zone = useZone();
  return <time dateTime={at}>{formatDateTime(at, zone)}</time>;
}

/** "Times in America/Los_Angeles": the one place the console names the zone of its dates. */
export function ConsoleZone({ className }: { className?: string }) {
  return <span className={className} data-console-zone>{`Times in ${useZone()}`}</span>;
}
