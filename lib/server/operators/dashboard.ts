import "server-only";
import { OPEN_STAGES, ORDER_STAGES, type OrderStage } from "@/lib/shared/orders/order-stages";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor, wordsFor } from "@/lib/i18n/translate";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { needsAttention, OUT_WITHOUT_COURIER_MINUTES } from "./orders";
import { countOpenProblems } from "../problems/read";
import type { Operator } from "../platform/operator";

// The operator's dashboard (/admin, GET /api/admin): a few figures, each linking to its list.
// Every tile is one query (a COUNT or a GROUP BY), all run at once: never one per row.
// To add a tile, add a loader to TILE_LOADERS, and its words to admin.dashboardTiles. The API's
// labels are English; the page asks for the request's language.

export type DashboardTile = {
  key: string;
  label: string;
  value: number;
  /** The list behind the figure. */
  href: string;
  /** A breakdown (open orders by stage), each part linking to its own list. */
  parts?: { label: string; value: number; href: string }[];
};

/** The tiles' words in one language: admin.dashboardTiles, and a stage's name as the console's (order.label). */
type TileWords = { t: ReturnType<typeof translatorFor<"admin.dashboardTiles">>; stages: Record<OrderStage, string> };
type TileLoader = (now: Date, words: TileWords, locale?: Locale) => Promise<DashboardTile>;

const HOUR_MS = 3600_000;

const ordersLastHour: TileLoader = async (now, { t }) => ({
  key: "ordersLastHour",
  label: t("ordersLastHour"),
  // On the (stage, submittedAt) index: placed orders only (a cart at checkout has no stage).
  value: await db.order.count({ where: { stage: { in: [...ORDER_STAGES] }, submittedAt: { gte: new Date(now.getTime() - HOUR_MS) } } }),
  href: "/admin/orders?since=hour",
});

const openOrders: TileLoader = async (_now, { t, stages }) => {
  const rows = await db.order.groupBy({ by: ["stage"], where: { stage: { in: [...OPEN_STAGES] } }, _count: { _all: true } });
  const countOf = new Map(rows.map((row) => [row.stage, row._count._all]));
  const parts = OPEN_STAGES.map((stage) => ({ label: stages[stage as OrderStage], value: countOf.get(stage) ?? 0, href: `/admin/orders?stage=${stage}` }));
  return { key: "openOrders", label: t("openOrders"), value: parts.reduce((sum, part) => sum + part.value, 0), href: "/admin/orders?stage=open", parts };
};

const couriersOnShift: TileLoader = async (_now, { t }) => ({
  key: "couriersOnShift",
  label: t("couriersOnShift"),
  value: await db.courierState.count({ where: { onShift: true } }),
  href: "/admin/couriers?status=approved",
});

const restaurantsNotTaking: TileLoader = async (_now, { t }) => {
  const [closed, suspended] = await Promise.all([
    db.restaurant.count({ where: { servicing: false, suspendedAt: null } }),
    db.restaurant.count({ where: { suspendedAt: { not: null } } }),
  ]);
  return {
    key: "restaurantsNotTaking",
    label: t("restaurantsNotTaking"),
    value: closed + suspended,
    href: "/admin/restaurants?status=closed",
    parts: [
      { label: t("closedByOwner"), value: closed, href: "/admin/restaurants?status=closed" },
      { label: t("suspended"), value: suspended, href: "/admin/restaurants?status=suspended" },
    ],
  };
};

/** Problem reports waiting for an operator: escalated after the owner's 24 hours, or appealed (docs/architecture/problem-reports.md). */
const openProblems: TileLoader = async (now, { t }) => ({
  key: "openProblems",
  label: t("openProblems"),
  value: await countOpenProblems(now),
  href: "/admin/problems",
});

const courierApplications: TileLoader = async (_now, { t }) => ({
  key: "courierApplications",
  label: t("courierApplications"),
  value: await db.user.count({ where: { courierStatus: "applied" } }),
  href: "/admin/couriers?status=applied",
});

/**
 * Orders that need an operator (orders.ts needsAttention): ready LATE_PICKUP_MINUTES or more, or
 * out for delivery OUT_WITHOUT_COURIER_MINUTES or more, with no courier holding the job (none
 * yet, or no job at all). The dashboard lists them below the tiles, each opening its order.
 */
const attention: TileLoader = async (now, { t }) => ({
  key: "needsAttention",
  label: t("needsAttention", { ready: String(config().dispatch.latePickupMinutes), out: String(OUT_WITHOUT_COURIER_MINUTES) }),
  value: (await needsAttention(now)).length,
  href: "/admin/orders?attention=1",
});

/** Differences between the payment provider's records and the ledger, raised and not resolved (payouts/reconcile.ts). */
const reconciliation: TileLoader = async (_now, { t }) => ({
  key: "reconciliation",
  label: t("reconciliation"),
  value: await db.reconciliationIssue.count({ where: { resolvedAt: null } }),
  href: "/admin/reconciliation",
});

/** Card charges disputed with the cardholder's bank and not decided yet (payments/disputes.ts): the disputes queue. */
const disputes: TileLoader = async (_now, { t }) => ({
  key: "openDisputes",
  label: t("openDisputes"),
  value: await db.dispute.count({ where: { status: { in: ["needs_response", "under_review"] } } }),
  href: "/admin/disputes",
});

/** The markets named by grouped rows, and an amount in millionths of one's currency, formatted. */
async function marketsOf(ids: number[], locale: Locale) {
  const markets = new Map((await db.market.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, currency: true } })).map((m) => [m.id, m]));
  return (id: number, micros: number) => {
    const market = markets.get(id);
    const cost = new Intl.NumberFormat(locale, { style: "currency", currency: market?.currency ?? "USD", maximumFractionDigits: 4 }).format(micros / 1_000_000);
    return { market: market?.name ?? String(id), cost };
  };
}

/**
 * Text messages sent in the last 30 days and what they cost, per market (each text's segments at
 * TEXT_SEGMENT_COST in its order's market, docs/architecture/text-messages.md): two grouped reads.
 */
const texts: TileLoader = async (now, { t }, locale: Locale = "en") => {
  const rows = await db.textMessage.groupBy({
    by: ["marketId"],
    where: { direction: "out", createdAt: { gte: new Date(now.getTime() - 30 * 24 * HOUR_MS) } },
    _count: { _all: true },
    _sum: { costMicros: true },
  });
  const named = await marketsOf(
    rows.map((row) => row.marketId),
    locale,
  );
  const parts = rows.map((row) => ({ label: t("textsCost", named(row.marketId, row._sum.costMicros ?? 0)), value: row._count._all, href: "/admin/markets" }));
  return { key: "texts", label: t("texts"), value: parts.reduce((sum, part) => sum + part.value, 0), href: "/admin/markets", parts };
};

/** Calls relayed between couriers and customers in the last 30 days (docs/architecture/text-messages.md "Masked calls"): their minutes and cost per market, never who or what. */
const calls: TileLoader = async (now, { t }, locale: Locale = "en") => {
  const rows = await db.relayCall.groupBy({
    by: ["marketId"],
    where: { kind: "call", status: { not: "refused" }, createdAt: { gte: new Date(now.getTime() - 30 * 24 * HOUR_MS) } },
    _count: { _all: true },
    _sum: { costMicros: true, durationSeconds: true },
  });
  const named = await marketsOf(
    rows.map((row) => row.marketId),
    locale,
  );
  const parts = rows.map((row) => ({
    label: t("callsCost", { ...named(row.marketId, row._sum.costMicros ?? 0), minutes: String(Math.ceil((row._sum.durationSeconds ?? 0) / 60)) }),
    value: row._count._all,
    href: "/admin/markets",
  }));
  return { key: "calls", label: t("calls"), value: parts.reduce((sum, part) => sum + part.value, 0), href: "/admin/markets", parts };
};

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
  texts,
  calls,
];

/** The tiles, worded in `locale` (GET /api/admin: English; the page: the request's language). */
export async function dashboard(_operator: Operator, now = new Date(), locale: Locale = "en"): Promise<{ tiles: DashboardTile[]; at: string }> {
  const words: TileWords = { t: translatorFor(locale, "admin.dashboardTiles"), stages: wordsFor(locale, "order").label as Record<OrderStage, string> };
  return { tiles: await Promise.all(TILE_LOADERS.map((load) => load(now, words, locale))), at: now.toISOString() };
}
