import "server-only";
import { OPEN_STAGES, ORDER_STAGES, STAGE_LABELS, type OrderStage } from "@/lib/shared/order-stages";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { needsAttention, OUT_WITHOUT_COURIER_MINUTES } from "./orders";
import { countOpenProblems } from "../problems/read";
import type { Operator } from "../platform/operator";

// The operator's dashboard (/admin, GET /api/admin): a few figures, each linking to its list.
// Every tile is one query (a COUNT or a GROUP BY), all run at once: never one per row.
// To add a tile, add a loader to TILE_LOADERS.

export type DashboardTile = {
  key: string;
  label: string;
  value: number;
  /** The list behind the figure. */
  href: string;
  /** A breakdown (open orders by stage), each part linking to its own list. */
  parts?: { label: string; value: number; href: string }[];
};

type TileLoader = (now: Date) => Promise<DashboardTile>;

const HOUR_MS = 3600_000;

const ordersLastHour: TileLoader = async (now) => ({
  key: "ordersLastHour",
  label: "Orders in the last hour",
  // On the (stage, submittedAt) index: placed orders only (a cart at checkout has no stage).
  value: await db.order.count({ where: { stage: { in: [...ORDER_STAGES] }, submittedAt: { gte: new Date(now.getTime() - HOUR_MS) } } }),
  href: "/admin/orders?since=hour",
});

const openOrders: TileLoader = async () => {
  const rows = await db.order.groupBy({ by: ["stage"], where: { stage: { in: [...OPEN_STAGES] } }, _count: { _all: true } });
  const countOf = new Map(rows.map((row) => [row.stage, row._count._all]));
  const parts = OPEN_STAGES.map((stage) => ({ label: STAGE_LABELS[stage as OrderStage], value: countOf.get(stage) ?? 0, href: `/admin/orders?stage=${stage}` }));
  return { key: "openOrders", label: "Open orders", value: parts.reduce((sum, part) => sum + part.value, 0), href: "/admin/orders?stage=open", parts };
};

const couriersOnShift: TileLoader = async () => ({
  key: "couriersOnShift",
  label: "Couriers on shift",
  value: await db.courierState.count({ where: { onShift: true } }),
  href: "/admin/couriers?status=approved",
});

const restaurantsNotTaking: TileLoader = async () => {
  const [closed, suspended] = await Promise.all([
    db.restaurant.count({ where: { servicing: false, suspendedAt: null } }),
    db.restaurant.count({ where: { suspendedAt: { not: null } } }),
  ]);
  return {
    key: "restaurantsNotTaking",
    label: "Restaurants not taking orders",
    value: closed + suspended,
    href: "/admin/restaurants?status=closed",
    parts: [
      { label: "Closed by their owner", value: closed, href: "/admin/restaurants?status=closed" },
      { label: "Suspended", value: suspended, href: "/admin/restaurants?status=suspended" },
    ],
  };
};

/** Problem reports waiting for an operator: escalated after the owner's 24 hours, or appealed (docs/architecture/problem-reports.md). */
const openProblems: TileLoader = async (now) => ({
  key: "openProblems",
  label: "Open problem reports",
  value: await countOpenProblems(now),
  href: "/admin/problems",
});

const courierApplications: TileLoader = async () => ({
  key: "courierApplications",
  label: "Courier applications",
  value: await db.user.count({ where: { courierStatus: "applied" } }),
  href: "/admin/couriers?status=applied",
});

/**
 * Orders that need an operator (orders.ts needsAttention): ready LATE_PICKUP_MINUTES or more, or
 * out for delivery OUT_WITHOUT_COURIER_MINUTES or more, with no courier holding the job (none
 * yet, or no job at all). The dashboard lists them below the tiles, each opening its order.
 */
const attention: TileLoader = async (now) => ({
  key: "needsAttention",
  label: `Needs attention: no courier (ready ${config().dispatch.latePickupMinutes}+ min, out ${OUT_WITHOUT_COURIER_MINUTES}+ min)`,
  value: (await needsAttention(now)).length,
  href: "/admin/orders?attention=1",
});

/** Differences between the payment provider's records and the ledger, raised and not resolved (payouts/reconcile.ts). */
const reconciliation: TileLoader = async () => ({
  key: "reconciliation",
  label: "Payment provider differences",
  value: await db.reconciliationIssue.count({ where: { resolvedAt: null } }),
  href: "/admin/reconciliation",
});

/** Card charges disputed with the cardholder's bank and not decided yet (payments/disputes.ts): the disputes queue. */
const disputes: TileLoader = async () => ({
  key: "openDisputes",
  label: "Open disputes",
  value: await db.dispute.count({ where: { status: { in: ["needs_response", "under_review"] } } }),
  href: "/admin/disputes",
});

/** The dashboard's tiles, in order. */
export const TILE_LOADERS: TileLoader[] = [
  ordersLastHour,
  openOrders,
  couriersOnShift,
  attention,
  openProblems,
  restaurantsNotTaking,
  courierApplications,
  reconciliation,
  disputes,
];

export async function dashboard(_operator: Operator, now = new Date()): Promise<{ tiles: DashboardTile[]; at: string }> {
  return { tiles: await Promise.all(TILE_LOADERS.map((load) => load(now))), at: now.toISOString() };
}
