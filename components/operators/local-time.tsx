"use client";
import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locale";
import { fill } from "@/lib/shared/words/fill";
import { formatDateTime } from "@/lib/shared/time/format-date";

const subscribe = () => () => undefined;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const useZone = () => useSyncExternalStore(subscribe, browserZone, () => "UTC");

/** The console's language for its dates, set once by the layout (ConsoleLocale) rather than on every LocalTime. */
const LocaleOfConsole = createContext<Locale>("en");

export function ConsoleLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleOfConsole value={locale}>{children}</LocaleOfConsole>;
}

/**
 * An instant on the operator console, in the operator's own zone (their browser's): "Nov 27, 2026,
 * 5:04 PM", in the console's language. The zone is named once, in the console's bar (ConsoleZone), not after every date. The
 * server's render and the hydration print it in UTC; the browser's zone follows at once (no
 * hydration mismatch).
 */
export function LocalTime({ at }: { at: string }) {
  const zone = useZone();
  return <time dateTime={at}>{formatDateTime(at, zone, useContext(LocaleOfConsole))}</time>;
}

/** "Times in America/Los_Angeles": the one place the console names the zone of its dates (`label`: the catalogue's admin.shell.timesIn). */
export function ConsoleZone({ className, label }: { className?: string; label: string }) {
  return (
    <span className={className} data-console-zone>
      {fill(label, { zone: useZone() })}
    </span>
  );
}
