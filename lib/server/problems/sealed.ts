import "server-only";
import { packingSummary, pickedUpSealed } from "@/lib/shared/kitchen/packing";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { Tx } from "../platform/db";

/** What a claim on packed, sealed lines keeps for Nosh support (ProblemReport.sealedTrail, JSON). */
export type SealedTrail = {
  /** "packed 4/4, Ana, 7:02 PM" in the restaurant's zone. */
  summary: string;
  bags: number;
  bagsConfirmed: number;
  lines: { orderItemId: number; name: string; packedAt: string; packedBy: string | null }[];
};

/**
 * The trail of a claim's missing lines the kitchen ticked packed, on an order the courier picked
 * up sealed (the same bag count as the kitchen's): such a claim goes to Nosh support rather than
 * being charged to the restaurant at once (docs/architecture/problem-reports.md "Packed and
 * sealed"). Null when no missing line was packed, or the pickup was not sealed.
 */
export async function sealedTrailOf(tx: Tx, orderId: number, lines: readonly { orderItemId: number; reason: string }[]): Promise<SealedTrail | null> {
  const missing = new Set(lines.filter((line) => line.reason === "missing").map((line) => line.orderItemId));
  if (!missing.size) return null;
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: {
      bags: true,
      bagsConfirmed: true,
      restaurant: { select: { timeZone: true } },
      orderItems: { orderBy: { id: "asc" }, select: { id: true, name: true, packedAt: true, packedBy: true } },
    },
  });
  if (!order || !pickedUpSealed(order)) return null;
  const packed = order.orderItems.filter((item) => missing.has(item.id) && item.packedAt);
  if (!packed.length) return null;
  return {
    summary: packingSummary(order.orderItems, order.restaurant?.timeZone ?? "America/Los_Angeles", ENGLISH.lines.packing)!,
    bags: order.bags!,
    bagsConfirmed: order.bagsConfirmed!,
    lines: packed.map((item) => ({ orderItemId: item.id, name: item.name, packedAt: item.packedAt!.toISOString(), packedBy: item.packedBy })),
  };
}

/** The stored trail read back (null: none, or text not of this shape). */
export function parseSealedTrail(text: string | null): SealedTrail | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as SealedTrail;
  } catch {
    return null;
  }
}
