import { formatTime } from "./format-date";

// Packed and sealed (docs/architecture/problem-reports.md "Packed and sealed"): the kitchen ticks
// each line packed (who and when), counts the bags; the courier counts them at pickup. Pure, so
// the board, the ticket, the operator's view and the server say the same.

export type PackedLine = { packedAt: Date | string | null; packedBy: string | null };

/** "packed 4/4, Ana, 7:02 PM": how many lines are ticked, and the last tick's who and when (the restaurant's zone); null when none is. */
export function packingSummary(lines: readonly PackedLine[], timeZone: string): string | null {
  const packed = lines.filter((line) => line.packedAt);
  if (!packed.length) return null;
  const last = packed.reduce((a, b) => (new Date(b.packedAt!).getTime() > new Date(a.packedAt!).getTime() ? b : a));
  return `packed ${packed.length}/${lines.length}, ${last.packedBy ?? "staff"}, ${formatTime(last.packedAt!, timeZone)}`;
}

/** Picked up sealed: the kitchen counted its bags and the courier confirmed the same count. */
export const pickedUpSealed = (order: { bags: number | null; bagsConfirmed: number | null }): boolean =>
  order.bags !== null && order.bagsConfirmed !== null && order.bags === order.bagsConfirmed;

/** The bag count as a line says it: "2 bags". */
export const bagsText = (bags: number) => `${bags} bag${bags === 1 ? "" : "s"}`;
