import type { Locale } from "@/lib/i18n/locale";
import { formatClockTime } from "./format-date";
import { wallClock } from "./opening-hours";

// A menu section's time window (docs/architecture/menu-sections.md): "HH:MM" wall-clock times in
// the restaurant's zone, from inclusive to until exclusive; both null: all day; until before from:
// it runs past midnight ("22:00" to "02:00"). One rule for the restaurant page (in the browser, as
// the clock moves) and the checkout (on the server).

export type SectionWindow = { availableFrom: string | null; availableUntil: string | null };

/** "HH:MM", 00:00 to 23:59. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the section's dishes can be ordered at `instant` in the zone. */
export function isWithinWindow(window: SectionWindow, instant: Date, timeZone: string): boolean {
  const { availableFrom: from, availableUntil: until } = window;
  if (from === null || until === null) return true;
  const clock = wallClock(instant, timeZone);
  const now = clock.hour * 60 + clock.minute;
  const start = minutesOf(from);
  const end = minutesOf(until);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** "11:00 AM - 3:00 PM"; null for an all-day section. */
export function windowText(window: SectionWindow, locale: Locale = "en"): string | null {
  if (window.availableFrom === null || window.availableUntil === null) return null;
  return `${formatClockTime(window.availableFrom, locale)} - ${formatClockTime(window.availableUntil, locale)}`;
}

/** What a dish outside its section's window shows instead of Add: "Available 11:00 AM - 3:00 PM". */
export const availableText = (window: SectionWindow) => `Available ${windowText(window)}`;

/** The checkout's refusal of a dish outside its section's window. */
export const outsideWindowMessage = (dish: string, window: SectionWindow) => `${dish} is only available ${windowText(window)}`;
