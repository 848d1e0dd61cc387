import "server-only";
import { csvDollars, csvLine } from "@/lib/shared/money/csv";
import { formatSortableDateTime } from "@/lib/shared/time/format-date";
import { majorIn } from "@/lib/shared/money/currency";
import { localDateKey } from "@/lib/shared/time/opening-hours";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor, wordsFor } from "@/lib/i18n/translate";
import type { DateRange } from "@/lib/contract/restaurants/insights-rules";
import { PAYOUT_RANGE_DAYS } from "@/lib/contract/payouts/rules";
import { requireVerifiedEmail } from "../accounts/email-verification";
import { account } from "../ledger/post";
import { balanceJson, type BalanceJson } from "./balance";
import { availableOf, payoutsOf, requestPayout, type PayoutJson } from "./lifecycle";
import { splitOrder } from "../ledger/split";
import { config } from "../platform/config";
import { sqlTransaction, type Sql } from "../platform/sql";
import { daysOf } from "../insights/days";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { marketFacts } from "../markets/markets";
import { refundedProblemLines, statementOf, undeliveredPaidOrders, type StatementRow } from "./queries/statement";
import { payoutScheduleOf, type PayoutScheduleJson } from "./schedule";

// A restaurant's money, for its owner (docs/architecture/payouts.md "Payouts"): GET and POST
// /api/manage/{id}/payouts, the CSV, and the page /restaurants/{id}/payouts.

export type PayoutEntryJson = {
  /** The entry's time, and its day in the restaurant's zone (YYYY-MM-DD). */
  at: string;
  day: string;
  /** order: a delivered order's share; refund: an order's share given back; payout: money paid out; dispute: a disputed charge taken (negative) or given back when won; wait_pay: a courier's wait past the kitchen's promised ready time, paid by the restaurant (negative); delivery_fee: a delivery-only request's fee and tip (negative; docs/architecture/api-keys.md "Delivery only"); door_payment: a phone order paid at the door, the total the restaurant's staff take (negative; its share comes back on delivery: docs/architecture/phone-orders.md). */
  kind: "order" | "refund" | "payout" | "dispute" | "wait_pay" | "delivery_fee" | "door_payment";
  orderId: number | null;
  reference: string | null;
  /** An order's gross; a refund's: the amount given back (no commission, no discount). */
  gross: number;
  commission: number;
  /** The commission's rate on this order, in percent (the settlement's commission over the subtotal); null but for orders. */
  commissionRate: number | null;
  discount: number;
  net: number;
  /** Sales tax the customer paid on the order (orders only): collected by Nosh for the state, in neither gross nor net. */
  tax: number;
  /** Why a refund: "Problem report #12: 1 × Fries (missing)", or the order's own refund; null but for refunds. */
  reason: string | null;
};

/** `pending`: the share of paid orders not yet delivered, and of delivered orders whose report window is still open. */
export type RestaurantPayoutsJson = BalanceJson & {
  /** The weekly payout day, if any (schedule.ts). */
  schedule: PayoutScheduleJson;
  range: DateRange;
  entries: PayoutEntryJson[];
};

const KIND: Record<string, PayoutEntryJson["kind"]> = {
  settlement: "order",
  refund: "refund",
  payout: "payout",
  dispute: "dispute",
  wait: "wait_pay",
  payment: "delivery_fee",
};

/** A dispute entry's reason, by its key (payments/disputes.ts: `dispute:{id}:withdrawn`, `:returned`, `:absorbed`). */
type PayoutT = ReturnType<typeof translatorFor<"server.labels.payouts">>;

const disputeReason = (key: string | null, t: PayoutT) => t(key?.endsWith(":returned") ? "disputeWon" : key?.endsWith(":absorbed") ? "disputeAbsorbed" : "disputed");

/**
 * One line of the restaurant's account as the owner reads it: an order's gross,
 * commission (and its rate), discount and net; a refund's amount given back as its gross and net
 * (its order's commission and discount are the order's row's, not repeated), with its reason.
 */
function entryJson(row: StatementRow, timeZone: string, reasons: ReadonlyMap<number, string>, t: PayoutT, currency: string): PayoutEntryJson {
  const centsToDollars = majorIn(currency);
  const kind = row.kind === "payment" && row.paymentMethod === "door" ? "door_payment" : (KIND[row.kind] ?? "order");
  let commissionCents = 0;
  let discountCents = 0;
  let commissionRate: number | null = null;
  if (kind === "order" && row.orderId !== null) {
    // The platform's line of the same entry is its service fee and the commission.
    commissionCents = Math.max(0, row.platformCents - row.serviceFeeCents);
    discountCents = row.discountCents;
    commissionRate = row.subtotalCents > 0 ? Math.round((commissionCents * 1000) / row.subtotalCents) / 10 : null;
  }
  return {
    at: row.at.toISOString(),
    day: localDateKey(row.at, timeZone),
    kind,
    orderId: row.orderId,
    reference: row.payoutReference,
    gross: centsToDollars(kind === "payout" ? 0 : row.amountCents + commissionCents + discountCents),
    commission: centsToDollars(commissionCents),
    commissionRate,
    discount: centsToDollars(discountCents),
    net: centsToDollars(row.amountCents),
    tax: centsToDollars(kind === "order" ? row.taxCents : 0),
    reason:
      kind === "refund"
        ? (reasons.get(row.entryId) ?? t("refundedInFull"))
        : kind === "dispute"
          ? disputeReason(row.key, t)
          : kind === "wait_pay"
            ? t("waitPay")
            : kind === "delivery_fee"
              ? t("deliveryFee")
              : kind === "door_payment"
                ? t("doorPayment")
                : null,
  };
}

/** Each problem report refund's reason, by its ledger entry, in `locale` (server.labels.statement): "Problem report #12: 1 × Fries (missing), 2 × Soup (cold)". */
export async function refundReasons(sql: Sql, rows: readonly StatementRow[], locale: Locale = "en"): Promise<Map<number, string>> {
  const entryIds = rows.filter((row) => row.kind === "refund" && row.key?.startsWith("problem:")).map((row) => row.entryId);
  const reasons = new Map<number, string>();
  if (!entryIds.length) return reasons;
  const t = translatorFor(locale, "server.labels.statement");
  const labels: Record<string, string | undefined> = wordsFor(locale, "orderflow").problems.summary.reasons;
  const parts = new Map<number, { problemId: number; lines: string[] }>();
  for (const line of await refundedProblemLines(sql, entryIds)) {
    const entry = parts.get(line.entryId) ?? { problemId: line.problemId, lines: [] };
    const reason = (labels[line.reason] ?? line.reason).toLocaleLowerCase(locale);
    entry.lines.push(t("problemLine", { quantity: String(line.quantity), name: line.name ?? t("item"), reason }));
    parts.set(line.entryId, entry);
  }
  for (const [entryId, part] of parts) reasons.set(entryId, t("problemReport", { id: String(part.problemId), lines: part.lines.join(", ") }));
  return reasons;
}

/** The restaurant's share of its paid orders not yet delivered (what its delivery will add; fees for its own staff come on delivery). Orders paid from a wallet (promotional credit) will never be available: not pending. */
async function pendingCents(sql: Sql, restaurantId: number, percentOverride: number | null): Promise<number> {
  const percent = percentOverride ?? config().platformCommissionPercent;
  let total = 0;
  for (const money of await undeliveredPaidOrders(sql, restaurantId)) {
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

/** The owner's earnings of a range, its reasons and schedule worded in `locale` (GET /api/manage/{id}/payouts: English; the page: the request's language). */
export async function restaurantPayouts(
  actor: Actor,
  restaurantId: number,
  chosen: DateRange | null,
  now = new Date(),
  locale: Locale = "en",
): Promise<RestaurantPayoutsJson> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const range = chosen ?? defaultPayoutRange(restaurant.timeZone, now);
  const id = account.restaurant(restaurant.id);
  const { bounds } = daysOf(range, restaurant.timeZone);
  const schedule = await payoutScheduleOf(restaurant.id, locale);
  const t = translatorFor(locale, "server.labels.payouts");
  // Its money is in its market's currency (its ledger account's, its payouts').
  const { currency } = await marketFacts(restaurant.marketId);
  return sqlTransaction(async (sql) => {
    const [balance, undelivered, payouts, rows] = [
      await availableOf(sql, id, now),
      await pendingCents(sql, restaurant.id, restaurant.commissionPercent),
      await payoutsOf(sql, id),
      await statementOf(sql, id, bounds[0]!, bounds[bounds.length - 1]!),
    ];
    const reasons = await refundReasons(sql, rows, locale);
    return {
      ...balanceJson(balance, undelivered, payouts, currency),
      schedule,
      range,
      entries: rows.map((row) => entryJson(row, restaurant.timeZone, reasons, t, currency)),
    };
  });
}

/**
 * POST /api/manage/{id}/payouts: 409 beyond the available balance (earnings still pending are not)
 * or with a payout on its way; 403 until the owner's email is verified, checked
 * after ownership so another owner's restaurant is still a 404.
 */
export async function payOutRestaurant(actor: Actor, restaurantId: number, amountCents: number, now = new Date()): Promise<PayoutJson> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  await requireVerifiedEmail(actor.id);
  return requestPayout(account.restaurant(restaurant.id), amountCents, "amount", now);
}

export const PAYOUT_COLUMNS = ["time", "kind", "order", "reference", "gross", "commission", "discount", "net", "commission_rate", "reason"] as const;

/** GET /api/manage/{id}/exports/payouts.csv?from=&to=: the entries of a range of the restaurant's days. */
export async function payoutsCsv(actor: Actor, restaurantId: number, range: DateRange): Promise<AsyncIterable<string>> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const { bounds } = daysOf(range, restaurant.timeZone);
  const { currency } = await marketFacts(restaurant.marketId);
  const { rows, reasons } = await sqlTransaction(async (sql) => {
    const rows = await statementOf(sql, account.restaurant(restaurant.id), bounds[0]!, bounds[bounds.length - 1]!);
    return { rows, reasons: await refundReasons(sql, rows) };
  });
  // English, as the statement's CSV: a stable format for spreadsheets and scripts.
  const english = translatorFor("en", "server.labels.payouts");
  return (async function* () {
    yield csvLine([...PAYOUT_COLUMNS]);
    for (const row of rows) {
      const entry = entryJson(row, restaurant.timeZone, reasons, english, currency);
      yield csvLine([
        formatSortableDateTime(row.at, restaurant.timeZone),
        entry.kind,
        entry.orderId,
        entry.reference,
        ...[entry.gross, entry.commission, entry.discount, entry.net].map((dollars) => csvDollars(Math.round(dollars * 100))),
        entry.commissionRate,
        entry.reason,
      ]);
    }
  })();
}
