import type { Locale } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { fill } from "../words/fill";
import { formatTime } from "../time/format-date";
import { said, saidTime } from "../words/said";

// The kitchen's lines (kitchen-text.ts) in the reader's words, English's too: the catalogue's
// lines.kitchen, from the server, with the times in the reader's language.

export type KitchenWords = Messages["lines"]["kitchen"];

/** "Not taking orders until 7:40 PM", "No acepta pedidos hasta las 19:40", in the restaurant's zone: the cards and the restaurant page. */
export const pausedLabelIn = (until: Date | string, timeZone: string, words: Pick<KitchenWords, "paused">, locale: Locale) =>
  fill(words.paused, { time: formatTime(until, timeZone, locale) });

/** `source` with its pause's line in the reader's words (a card rendered by the server: OpenStatusSource's `pausedText`), when paused. */
export function withPausedText<T extends { pausedUntil?: string | null; timeZone?: string }>(
  source: T,
  words: Pick<KitchenWords, "paused">,
  locale: Locale,
): T & { pausedText?: string } {
  return source.pausedUntil && source.timeZone ? { ...source, pausedText: pausedLabelIn(source.pausedUntil, source.timeZone, words, locale) } : source;
}

/** "Opens again at 6:30 PM", "Vuelve a abrir a las 18:30". */
export const reopensLabelIn = (until: Date | string, timeZone: string, words: Pick<KitchenWords, "reopens">, locale: Locale) =>
  fill(words.reopens, { time: formatTime(until, timeZone, locale) });

/** "Kitchen full until 8:00 PM", "Cocina llena hasta las 20:00". */
export const kitchenFreeLabelIn = (until: Date | string, timeZone: string, words: Pick<KitchenWords, "full">, locale: Locale) =>
  fill(words.full, { time: formatTime(until, timeZone, locale) });

/** Checkout's refusal of an order for now while paused, as the page shows it. */
export const pausedMessageIn = (name: string, until: Date | string, timeZone: string, words: Pick<KitchenWords, "pausedMessage">, locale: Locale) =>
  fill(words.pausedMessage, { name, time: formatTime(until, timeZone, locale) });

/** The same refusal as the server's 409 says it: the catalogue's key and values, its time in the restaurant's zone. */
export const pausedSaid = (name: string, until: Date | string, timeZone: string) => said("lines.kitchen.pausedMessage", { name, time: saidTime(until, timeZone) });
