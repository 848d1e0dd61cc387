import "server-only";
import { csvDollars, csvLine } from "@/lib/shared/csv";
import { formatSortableDateTime } from "@/lib/shared/format-date";
import { centsToDollars } from "@/lib/shared/money";
import { localDateKey } from "@/lib/shared/opening-hours";
import type { DateRange } from "@/lib/validation/insights";
import { PAYOUT_RANGE_DAYS } from "@/lib/validation/payouts";
import { account } from "../ledger/post";
import { availableOf, payoutsOf, pendingEarningJson, requestPayout, statementOf, type PayoutJson, type PendingEarningJson, type StatementRow } from "../ledger/payouts";
import { splitOrder } from "../ledger/split";
import { config } from "../platform/config";
import { sqlTransaction, type Sql } from "../platform/sql";
import { daysOf } from "../insights/days";
import { getOwnedRestaurant, type Actor } from "../restaurants/owned";

// A restaurant's money, for its owner (docs/architecture/ledger.md "Payouts"): GET and POST
// /api/manage/{id}/payouts, the CSV, and the page /restaurants/{id}/payouts.

export type PayoutEntryJson = {
  /** The entry's time, and its day in the restaurant's zone (YYYY-MM-DD). */
  at: string;
  day: string;
  /** order: a delivered order's share; refund: an order's share given back; payout: money paid out. */
  kind: "order" | "refund" | "payout";
  orderId: number | null;
  reference: string | null;
  gross: number;
  commission: number;
  discount: number;
  net: number;
};

export type RestaurantPayoutsJson = {
  /** What can be paid out now: the balance less the earnings still pending. */
  available: number;
  /** The share of paid orders not yet delivered, and of delivered orders whose report window is still open. */
  pending: number;
  /** The delivered orders' earnings still pending, each with when it becomes available (soonest first). */
  pendingEarnings: PendingEarningJson[];
  /** The payout on its way, if any (at most one). */
  inFlight: PayoutJson | null;
  payouts: PayoutJson[];
  range: DateRange;
  entries: PayoutEntryJson[];
};

const KIND: Record<string, PayoutEntryJson["kind"]> = { settlement: "order", refund: "refund", payout: "payout" };

/** One line of the restaurant's account as the owner reads it: an order's gross, commission, discount, net. */
function entryJson(row: StatementRow, timeZone: string): PayoutEntryJson {
  const kind = KIND[row.kind] ?? "order";
  const sign = row.amountCents < 0 ? -1 : 1;
  let commissionCents = 0;
  let discountCents = 0;
  if (kind !== "payout" && row.orderId !== null) {
    // The platform's line of the same entry is its service fee and the commission.
    commissionCents = sign * Math.max(0, Math.abs(row.platformCents) - row.serviceFeeCents);
    discountCents = sign * row.discountCents;
  }
  return {
    at: row.at.toISOString(),
    day: localDateKey(row.at, timeZone),
    kind,
    orderId: row.orderId,
    reference: row.payoutReference,
    gross: centsToDollars(kind === "payout" ? 0 : row.amountCents + commissionCents + discountCents),
    commission: centsToDollars(commissionCents),
    discount: centsToDollars(discountCents),
    net: centsToDollars(row.amountCents),
  };
}

/** The restaurant's share of its paid orders not yet delivered (what its delivery will add; fees for its own staff come on delivery). */
async function pendingCents(sql: Sql, restaurantId: number, percentOverride: number | null): Promise<number> {
  const rows = await sql.all<Record<string, number | bigint>>(
    `SELECT o."subtotalCents", o."deliveryFeeCents", o."priorityFeeCents", o."serviceFeeCents", o."tipCents", o."discountCents", o."totalCents"
     FROM "Order" o WHERE o."restaurantId" = ? AND o."stage" IN ('placed', 'accepted', 'ready', 'out_for_delivery')
       AND EXISTS (SELECT 1 FROM "LedgerEntry" e WHERE e."key" = 'order:' || o."id" || ':payment')`,
    [restaurantId],
  );
  const percent = percentOverride ?? config().platformCommissionPercent;
  let total = 0;
  for (const row of rows) {
    const money = Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as Parameters<typeof splitOrder>[0];
    total += splitOrder(
      { ...money, deliveryFeeCents: 0, priorityFeeCents: 0, tipCents: 0, totalCents: money.subtotalCents + money.serviceFeeCents - money.discountCents },
      percent,
    ).restaurantCents;
  }
  return total;
}

/** The last PAYOUT_RANGE_DAYS days of the restaurant, today included. */
export function defaultPayoutRange(timeZone: string, now = new Date()): DateRange {
  const to = localDateKey(now, timeZone);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (PAYOUT_RANGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export async function restaurantPayouts(actor: Actor, restaurantId: number, chosen: DateRange | null, now = new Date()): Promise<RestaurantPayoutsJson> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const range = chosen ?? defaultPayoutRange(restaurant.timeZone, now);
  const id = account.restaurant(restaurant.id);
  const { bounds } = daysOf(range, restaurant.timeZone);
  return sqlTransaction(async (sql) => {
    const [{ availableCents, pending: held }, undelivered, payouts, rows] = [
      await availableOf(sql, id, now),
      await pendingCents(sql, restaurant.id, restaurant.commissionPercent),
      await payoutsOf(sql, id),
      await statementOf(sql, id, bounds[0]!, bounds[bounds.length - 1]!),
    ];
    return {
      available: centsToDollars(availableCents),
      pending: centsToDollars(undelivered + held.reduce((sum, row) => sum + row.cents, 0)),
      pendingEarnings: held.map(pendingEarningJson),
      inFlight: payouts.find((payout) => payout.state === "pending") ?? null,
      payouts,
      range,
      entries: rows.map((row) => entryJson(row, restaurant.timeZone)),
    };
  });
}

/** POST /api/manage/{id}/payouts: 409 beyond the available balance (earnings still pending are not) or with a payout on its way. */
export async function payOutRestaurant(actor: Actor, restaurantId: number, amountCents: number, now = new Date()): Promise<PayoutJson> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  return requestPayout(account.restaurant(restaurant.id), amountCents, "amount", now);
}

export const PAYOUT_COLUMNS = ["time", "kind", "order", "reference", "gross", "commission", "discount", "net"] as const;

/** GET /api/manage/{id}/exports/payouts.csv?from=&to=: the entries of a range of the restaurant's days. */
export async function payoutsCsv(actor: Actor, restaurantId: number, range: DateRange): Promise<AsyncIterable<string>> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const { bounds } = daysOf(range, restaurant.timeZone);
  const rows = await sqlTransaction((sql) => statementOf(sql, account.restaurant(restaurant.id), bounds[0]!, bounds[bounds.length - 1]!));
  return (async function* () {
    yield csvLine([...PAYOUT_COLUMNS]);
    for (const row of rows) {
      const entry = entryJson(row, restaurant.timeZone);
      yield csvLine([
        formatSortableDateTime(row.at, restaurant.timeZone),
        entry.kind,
        entry.orderId,
        entry.reference,
        ...[entry.gross, entry.commission, entry.discount, entry.net].map((dollars) => csvDollars(Math.round(dollars * 100))),
      ]);
    }
  })();
}
