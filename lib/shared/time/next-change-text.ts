import type { Locale } from "@/lib/i18n/locale";
import { formatTime, formatWeekdayTime } from "./format-date";
import type { NextChangeText } from "./open-status-label";
import { atMinute, wallClock } from "./opening-hours";

// For the server's render: the words of a restaurant's next change (open-status-label.ts,
// NextChangeText), so the status line in the browser needs no Intl formatter, whose first use
// loads the locale's data in one long task on a phone (docs/log/performance.md, "Phones again").

/** The status line's words for `nextChange` (ISO) in `timeZone` (and the reader's language), or null without a change. */
export function nextChangeText(nextChange: string | null | undefined, timeZone: string | undefined, locale: Locale = "en"): NextChangeText | null {
  if (!nextChange || !timeZone) return null;
  const at = new Date(nextChange);
  return {
    at: at.toISOString(),
    time: formatTime(at, timeZone, locale),
    weekdayTime: formatWeekdayTime(at, timeZone, locale),
    dayStart: atMinute(wallClock(at, timeZone), 0, timeZone).getTime(),
  };
}

/** `source` with its next change's words (for a card or a header rendered by the server). */
export function withNextChangeText<T extends { nextChange?: string | null; timeZone?: string }>(
  source: T,
  locale: Locale = "en",
): T & { nextChangeText?: NextChangeText } {
  const text = nextChangeText(source.nextChange, source.timeZone, locale);
  return text ? { ...source, nextChangeText: text } : source;
}
