import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { centsToDollars } from "@/lib/shared/money";
import { OPEN_STAGES, ORDER_STAGES, statusOf } from "@/lib/shared/order-stages";
import { db } from "../platform/db";
import type { Operator } from "../operators/access";
import { page, type Page } from "../platform/paging";

// The orders behind the dashboard's figures (/admin/orders): read only, newest first.

export type AdminOrdersQuery = { stage?: string; since?: "hour"; id?: number; limit: number; offset: number };
export type AdminOrderJson = { id: number; restaurantName: string; customerId: number; stage: string | null; status: string; total: number; submittedAt: string | null };

export async function listAdminOrders(_operator: Operator, query: AdminOrdersQuery, now = new Date()): Promise<Page<AdminOrderJson>> {
  const stages: readonly string[] =
    query.stage === "open" ? OPEN_STAGES : query.stage && (ORDER_STAGES as readonly string[]).includes(query.stage) ? [query.stage] : ORDER_STAGES;
  const where: Prisma.OrderWhereInput = {
    stage: { in: [...stages] },
    ...(query.since === "hour" ? { submittedAt: { gte: new Date(now.getTime() - 3600_000) } } : {}),
    ...(query.id ? { id: query.id } : {}),
  };
  const rows = await db.order.findMany({
    where,
    select: { id: true, restaurantName: true, userId: true, stage: true, totalCents: true, submittedAt: true },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  return page(
    rows.map((o) => ({
      id: o.id,
      restaurantName: o.restaurantName,
      customerId: o.userId,
      stage: o.stage,
      status: statusOf(o.stage),
      total: centsToDollars(o.totalCents),
      submittedAt: o.submittedAt?.toISOString() ?? null,
    })),
    query,
  );
}
