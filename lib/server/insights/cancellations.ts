import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CancelFigures } from "./figures";
import { canceledRows } from "./queries";

// What did not sell: the range's canceled orders by reason, and what went back to wallets.

/** Why orders ended canceled: the restaurant's reason when it rejected, else the stage's meaning. */
export function cancelReason(stage: string | null, reason: string | null): string {
  if (reason) return reason;
  if (stage === "canceled") return "Canceled by the customer";
  if (stage === "expired") return "Not accepted in time";
  if (stage === "rejected") return "Rejected by the restaurant";
  return "Canceled";
}

/** The canceled orders by reason, most first. */
export async function cancelFigures(inRange: Prisma.Sql): Promise<CancelFigures[]> {
  const rows = await canceledRows(inRange);
  const merged = new Map<string, CancelFigures>();
  for (const row of rows) {
    const reason = cancelReason(row.stage, row.reason);
    const into = merged.get(reason) ?? { reason, orders: 0, amountCents: 0, refundedToWalletCents: 0 };
    into.orders += row.orders;
    into.amountCents += row.amount;
    into.refundedToWalletCents += row.refunded;
    merged.set(reason, into);
  }
  return [...merged.values()].sort((a, b) => b.orders - a.orders || a.reason.localeCompare(b.reason));
}
