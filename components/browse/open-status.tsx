"use client";
import { startTransition, useEffect, useState } from "react";
import { lazyModule } from "@/lib/client/lazy-module";
import type { OpeningHours } from "@/lib/shared/time/opening-hours";
import type { NextChangeText, OpenWords } from "@/lib/shared/time/open-status-label";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./open-status.module.css";

/**
 * `nextChangeText`: the server's words for nextChange (lib/shared/time/next-change-text.ts), when it rendered the source.
 * `pausedUntil`: the owner paused new orders until then (docs/architecture/kitchen.md): "Not taking orders until 7:40 PM".
 */
export type OpenStatusSource = OpeningHours & {
  openNow: boolean;
  nextChange: string | null;
  nextChangeText?: NextChangeText;
  pausedUntil?: string | null;
  /** "Open now", "Closed" and the rest in the reader's language (the catalogue's restaurant.open), from the server. */
  openWords: OpenWords;
  /** The pause's line in the reader's language (lines.kitchen.paused), finished by the server or the card (kitchen-lines.ts withPausedText) whenever `pausedUntil` is set. */
  pausedText?: string;
  /** The reader's language, for a time the browser words itself (no nextChangeText): "23:00", not "11:00 PM"; English's without. */
  locale?: Locale;
};

// The status line's text and the schedule rules arrive after the page's code (the first-load
// JavaScript budget of the pages with cards: bench/first-load-js.mjs).
const rules = lazyModule(() => Promise.all([import("@/lib/shared/time/opening-hours"), import("@/lib/shared/time/open-status-label")]));
type Rules = Awaited<ReturnType<typeof rules.load>>;

/**
 * A restaurant's open status line ("Open until 10:00 PM", "Closes in 20 min", "Closed - opens
 * Tue 11:00 AM"), times in the restaurant's zone through lib/shared/time/format-date.ts. The server's
 * HTML and the hydrating render print "Open now" or "Closed" from the JSON's openNow (the same
 * text on both sides, no clock: no hydration mismatch); once mounted, the line is computed from
 * the hours and the browser's clock, and kept current every 30 seconds.
 */
export function OpenStatus({ restaurant, className = "" }: { restaurant: OpenStatusSource; className?: string }) {
  // The rules and the clock, set together in a transition: a page's dozens of cards render their
  // lines in slices that yield to the browser, not in one blocking task after hydration
  // (docs/log/performance.md, "Work after hydration").
  const [live, setLive] = useState<{ loaded: Rules; now: Date } | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let mounted = true;
    rules
      .load()
      .then((loaded) => {
        if (!mounted) return;
        const tick = () => startTransition(() => setLive({ loaded, now: new Date() }));
        tick();
        timer = setInterval(tick, 30_000);
      })
      .catch(() => undefined); // offline: the line keeps the JSON's "Open now" or "Closed"
    return () => {
      mounted = false;
      clearInterval(timer);
    };
  }, []);
  let openNow = restaurant.openNow;
  let label = openNow ? restaurant.openWords.openNow : restaurant.openWords.closed;
  // Paused: the same text on the server and in the browser (a time in the restaurant's zone) until the pause ends by the clock.
  const paused = restaurant.pausedUntil && (!live || live.now.getTime() < Date.parse(restaurant.pausedUntil)) ? restaurant.pausedUntil : null;
  if (paused) {
    openNow = false;
    label = restaurant.pausedText ?? restaurant.openWords.closed;
  } else if (live) {
    const { loaded, now } = live;
    const [hours, text] = loaded;
    const status = jsonStatus(restaurant, now) ?? hours.openStatus(restaurant, now);
    openNow = status.openNow;
    label = text.statusLabel(status, now, restaurant.timeZone, restaurant.nextChangeText, restaurant.openWords, restaurant.locale);
  }
  return (
    <span className={`${styles.status} ${openNow ? styles.open : styles.closed} ${className}`} data-open={openNow} data-paused={paused ? true : undefined}>
      {label}
    </span>
  );
}

/**
 * The JSON's openNow and nextChange while the clock is before that change: the schedule's rules
 * give the same until then (the current interval, or the next opening, stays the one named), so the
 * dozens of cards of a page skip their time-zone arithmetic until one of them changes. Null when
 * the JSON names no change (its week-ahead horizon moves) or the change has come.
 */
function jsonStatus({ openNow, nextChange }: OpenStatusSource, now: Date) {
  if (!nextChange) return null;
  const next = new Date(nextChange);
  return now < next ? { openNow, nextChange: next } : null;
}
