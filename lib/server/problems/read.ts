import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import type { DisputeStatus } from "@/lib/shared/money/disputes";
import { parseSealedTrail } from "./sealed";
import type { ChargeTo } from "@/lib/contract/problems/rules";
import { wordsFor } from "@/lib/i18n/translate";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, type Tx } from "../platform/db";
import { problemPhotoUrl } from "./photo";

// A problem report as the API and the pages show it (docs/architecture/problem-reports.md).

export const OPEN_STATUSES = ["pending", "escalated", "appealed"] as const;
export const DECIDED_STATUSES = ["approved", "partially_approved", "declined"] as const;
export type ProblemStatus = "pending" | "escalated" | "appealed" | "approved" | "partially_approved" | "declined";

export const problemInclude = {
  lines: { orderBy: { id: "asc" } },
  order: {
    select: {
      id: true,
      userId: true,
      restaurantId: true,
      restaurantName: true,
      paymentMethod: true,
      totalCents: true,
      currency: true,
      disputeStatus: true,
      orderItems: { select: { id: true, name: true, priceCents: true, quantity: true } },
    },
  },
} satisfies Prisma.ProblemReportInclude;
export type ProblemRow = Prisma.ProblemReportGetPayload<{ include: typeof problemInclude }>;

export type ProblemJson = ReturnType<typeof problemToJson>;

/** The API's `statusLabel` and `reasonLabel`: English's words (the catalogue's orderflow.problems.summary). */
const englishLabels = (): { status: Record<string, string | undefined>; reasons: Record<string, string | undefined> } => wordsFor("en", "orderflow").problems.summary;

export function problemToJson(row: ProblemRow) {
  const labels = englishLabels();
  const names = new Map(row.order.orderItems.map((item) => [item.id, item]));
  const decided = !(OPEN_STATUSES as readonly string[]).includes(row.status);
  const major = majorIn(row.order.currency);
  return {
    id: row.id,
    orderId: row.orderId,
    restaurantId: row.restaurantId,
    restaurantName: row.order.restaurantName,
    status: row.status as ProblemStatus,
    statusLabel: labels.status[row.status] ?? row.status,
    late: row.late,
    photo: row.photo ? problemPhotoUrl(row.orderId, row.id) : null,
    lines: row.lines.map((line) => ({
      id: line.id,
      orderItemId: line.orderItemId,
      name: names.get(line.orderItemId)?.name ?? "Item",
      unitPrice: major(names.get(line.orderItemId)?.priceCents ?? 0),
      quantity: line.quantity,
      reason: line.reason,
      reasonLabel: labels.reasons[line.reason] ?? line.reason,
      note: line.note,
      amount: major(line.amountCents),
      approvedQuantity: line.approvedQuantity,
    })),
    requested: major(row.requestedCents),
    /** ISO 4217: every amount's (the order's). */
    currency: row.order.currency,
    refund:
      decided && row.refundCents > 0
        ? { amount: major(row.refundCents), to: row.order.paymentMethod === "wallet" ? "wallet" : "card", fronted: major(row.frontedCents) }
        : null,
    decidedBy: row.decidedBy,
    declineReason: row.declineReason,
    appealNote: row.appealNote,
    canAppeal: row.status === "declined" && row.appealedAt === null,
    respondBy: row.respondBy.toISOString(),
    createdAt: row.createdAt.toISOString(),
    escalatedAt: row.escalatedAt?.toISOString() ?? null,
    appealedAt: row.appealedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    sealed: parseSealedTrail(row.sealedTrail),
    /** The order's card charge disputed with its bank (payments/disputes.ts): its status, else null. Open or lost, an approval refunds nothing more to the card (ledger/refundable.ts). */
    chargeDispute: (row.order.disputeStatus as DisputeStatus | null) ?? null,
    chargedTo: row.chargedTo as ChargeTo | null,
  };
}

export async function loadProblem(client: Tx | typeof db, id: number): Promise<ProblemRow | null> {
  return client.problemReport.findUnique({ where: { id }, include: problemInclude });
}

/**
 * Open reports waiting for an operator: escalated, appealed, and pending past the owner's 24
 * hours (before the sweep gets to them). For the operator's dashboard.
 */
export function operatorQueueWhere(now = new Date()): Prisma.ProblemReportWhereInput {
  return { OR: [{ status: { in: ["escalated", "appealed"] } }, { status: "pending", respondBy: { lte: now } }] };
}

/** How many reports wait for an operator (the dashboard's "open problem reports"). */
export function countOpenProblems(now = new Date()): Promise<number> {
  return db.problemReport.count({ where: operatorQueueWhere(now) });
}
