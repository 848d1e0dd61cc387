import type { Locale } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { fill } from "../words/fill";
import { formatTime } from "../time/format-date";

// Packed and sealed (docs/architecture/problem-reports.md "Packed and sealed"): the kitchen ticks
// each line packed (who and when), counts the bags; the courier counts them at pickup. Pure, so
// the board, the ticket, the operator's view and the server say the same.

export type PackedLine = { packedAt: Date | string | null; packedBy: string | null };

/** The packing words (the catalogue's lines.packing). */
export type PackingWords = Messages["lines"]["packing"];

/** A stored summary's unnamed packer: the English catalogue's lines.packing.staff, as the server stores it (stored-texts.test.ts). */
const STORED_STAFF = "staff";

/** "packed 4/4, Ana, 7:02 PM": how many lines are ticked, and the last tick's who and when (the restaurant's zone); null when none is. */
export function packingSummary(lines: readonly PackedLine[], timeZone: string, words: PackingWords, locale: Locale = "en"): string | null {
  const packed = lines.filter((line) => line.packedAt);
  if (!packed.length) return null;
  const last = packed.reduce((a, b) => (new Date(b.packedAt!).getTime() > new Date(a.packedAt!).getTime() ? b : a));
  return fill(words.summary, { packed: packed.length, total: lines.length, who: last.packedBy ?? words.staff, time: formatTime(last.packedAt!, timeZone, locale) });
}

/**
 * A summary stored in English (a sealed claim's trail: "packed 4/4, Ana, 7:02 PM", the time in the
 * restaurant's zone) in the reader's words and time format; as stored in English or when it is not
 * of that shape.
 */
export function packingSummaryIn(summary: string, words: PackingWords, locale: Locale = "en"): string {
  const match = locale === "en" ? null : /^packed (\d+)\/(\d+), (.+), (\d{1,2}):(\d{2})\s?([AP]M)$/.exec(summary);
  if (!match) return summary;
  const [, packed, total, who, hour, minute, half] = match;
  const at = new Date(Date.UTC(2000, 0, 1, (Number(hour) % 12) + (half === "PM" ? 12 : 0), Number(minute)));
  return fill(words.summary, { packed: packed!, total: total!, who: who === STORED_STAFF ? words.staff : who!, time: formatTime(at, "UTC", locale) });
}

/** Picked up sealed: the kitchen counted its bags and the courier confirmed the same count. */
export const pickedUpSealed = (order: { bags: number | null; bagsConfirmed: number | null }): boolean =>
  order.bags !== null && order.bagsConfirmed !== null && order.bags === order.bagsConfirmed;

/** The bag count as a line says it: "2 bags". */
export const bagsText = (bags: number, words: Pick<PackingWords, "bag" | "bags">) => fill(bags === 1 ? words.bag : words.bags, { count: bags });
