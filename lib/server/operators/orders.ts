import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import type { Prisma } from "@/lib/generated/prisma/client";
import { OPEN_STAGES, ORDER_STAGES, statusOf } from "@/lib/shared/orders/order-stages";
import type { OperatorOrdersQuery } from "@/lib/contract/operators/rules";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import type { Operator } from "../platform/operator";
import { containsText, page, type Page } from "../platform/paging";
import { attentionOrders, type AttentionRow } from "./queries";

// The operator's orders (/admin/orders, GET /api/admin/orders): found by order number, customer
// (email or name) or restaurant name, filtered by stage, restaurant and "needs attention", newest
// first (longest waiting first for "needs attention"). A few queries a page, never one per row.

/** An order out for delivery this long with no courier holding its job needs an operator. */
export const OUT_WITHOUT_COURIER_MINUTES = 30;
/** At most this many orders are looked at for "needs attention" (they are few: each one is a problem). */
const ATTENTION_CAP = 500;

export type OperatorOrderJson = {
  id: number;
  restaurantId: number | null;
  restaurantName: string;
  customerId: number;
  customerName: string;
  stage: string | null;
  status: string;
  total: number;
  /** ISO 4217: `total`'s (the order's market's). */
  currency: string;
  submittedAt: string | null;
  /** Why it needs an operator ("Out for delivery with no courier"), and since when; null when it does not. */
  attention: { reason: string; since: string } | null;
};

const ATTENTION_REASON: Record<string, string> = {
  ready: "Ready with no courier",
  out_for_delivery: "Out for delivery with no courier",
};

/** The orders needing attention at `now`: ready past the late-pickup minutes, or out past OUT_WITHOUT_COURIER_MINUTES, with no courier. */
export function needsAttention(now = new Date(), limit = ATTENTION_CAP): Promise<AttentionRow[]> {
  const readyBefore = new Date(now.getTime() - config().dispatch.latePickupMinutes * 60_000);
  const outBefore = new Date(now.getTime() - OUT_WITHOUT_COURIER_MINUTES * 60_000);
  return attentionOrders(sqlOf(db), readyBefore, outBefore, limit);
}

export const attentionJson = (row: AttentionRow | undefined) =>
  row ? { reason: ATTENTION_REASON[row.stage] ?? "Needs attention", since: row.since.toISOString() } : null;

/** Customers whose email or name holds `q` (at most 200: a search that broad is refined, not paged). */
async function customersMatching(q: string): Promise<number[]> {
  const words = q.split(/\s+/).filter(Boolean);
  const rows = await db.user.findMany({
    where: {
      OR: [
        { email: containsText(q) },
        { firstName: containsText(q) },
        { lastName: containsText(q) },
        ...(words.length === 2 ? [{ AND: [{ firstName: containsText(words[0]!) }, { lastName: containsText(words[1]!) }] }] : []),
      ],
    },
    select: { id: true },
    take: 200,
  });
  return rows.map((row) => row.id);
}

export async function listAdminOrders(_operator: Operator, query: OperatorOrdersQuery, now = new Date()): Promise<Page<OperatorOrderJson>> {
  const stages: readonly string[] =
    query.stage === "open" ? OPEN_STAGES : query.stage && (ORDER_STAGES as readonly string[]).includes(query.stage) ? [query.stage] : ORDER_STAGES;
  const q = query.q?.trim();
  const number = q?.replace(/^#/, "");
  const attention = query.attention ? await needsAttention(now) : [];
  const attentionOf = new Map(attention.map((row) => [row.id, row]));
  const where: Prisma.OrderWhereInput = {
    stage: { in: [...stages] },
    ...(query.since === "hour" ? { submittedAt: { gte: new Date(now.getTime() - 3600_000) } } : {}),
    ...(query.id ? { id: query.id } : {}),
    ...(query.restaurantId ? { restaurantId: query.restaurantId } : {}),
    ...(query.attention ? { id: { in: attention.map((row) => row.id) } } : {}),
    ...(q
      ? {
          OR: [
            ...(number && /^\d{1,9}$/.test(number) ? [{ id: Number(number) }] : []),
            { restaurantName: containsText(q) },
            { userId: { in: await customersMatching(q) } },
          ],
        }
      : {}),
  };
  const rows = await db.order.findMany({
    where,
    select: {
      id: true,
      restaurantId: true,
      restaurantName: true,
      userId: true,
      stage: true,
      totalCents: true,
      currency: true,
      submittedAt: true,
      user: { select: { firstName: true, lastName: true, email: true } },
    },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    // "Needs attention" is a short list sorted below by how long each has waited.
    ...(query.attention ? {} : { skip: query.offset, take: query.limit + 1 }),
  });
  const ordered = query.attention
    ? rows.sort((a, b) => attention.findIndex((r) => r.id === a.id) - attention.findIndex((r) => r.id === b.id)).slice(query.offset, query.offset + query.limit + 1)
    : rows;
  return page(
    ordered.map((o) => ({
      id: o.id,
      restaurantId: o.restaurantId,
      restaurantName: o.restaurantName,
      customerId: o.userId,
      customerName: [o.user.firstName, o.user.lastName].filter(Boolean).join(" ") || (o.user.email ?? `Customer #${o.userId}`),
      stage: o.stage,
      status: statusOf(o.stage),
      total: majorIn(o.currency)(o.totalCents),
      currency: o.currency,
      submittedAt: o.submittedAt?.toISOString() ?? null,
      attention: attentionJson(attentionOf.get(o.id)),
    })),
    query,
  );
}
