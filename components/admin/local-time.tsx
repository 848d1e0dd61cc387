"use client";
import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/lib/shared/format-date";

const subscribe = () => () => undefined;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * An instant on the operator console, in the operator's own zone (their browser's) with its name:
 * "Nov 27, 2026, 5:04 PM (America/Los_Angeles)" (issue 61 item 10). The server's render and the hydration print it
 * in UTC, named so; the browser's zone follows at once (no hydration mismatch).
 */
export function LocalTime({ at }: { at: string }) {
  const zone = useSyncExternalStore(subscribe, browserZone, () => "UTC");
  return <time dateTime={at}>{`${formatDateTime(at, zone)} (${zone})`}</time>;
}
