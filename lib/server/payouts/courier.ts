import "server-only";
import { DEFAULT_CURRENCY, majorIn } from "@/lib/shared/money/currency";
import { localDateKey } from "@/lib/shared/time/opening-hours";
import { requireVerifiedEmail } from "../accounts/email-verification";
import type { Courier } from "../dispatch/courier";
import { inCurrency } from "../ledger/currency";
import { account, balanceOf } from "../ledger/post";
import { balanceJson, type BalanceJson } from "./balance";
import { availableOf, payoutsOf, requestPayoutIn, sendPayouts, type PayoutJson } from "./lifecycle";
import { deductCashAtPayout } from "../cash/ledger";
import { courierCurrencies, flaggedPayOf, heldJobPay, restaurantNamesOf, statementOf } from "./queries/statement";
import { sqlTransaction, type Sql } from "../platform/sql";
import { courierTimeZone } from "../dispatch/state";
import { flagReasonOf } from "../dispatch/job-words";
import { flagsOf, type StoredFlag } from "@/lib/shared/words/stored-texts";

// A courier's money (docs/architecture/ledger.md): GET /api/courier/earnings and POST
// /api/courier/payouts. A delivery's pay is the settlement's courier line (delivery and priority
// fees, tip); days and times are in the zone of the city the courier delivers in: the zone of the
// restaurant of their newest job (the marketplace's, MARKET_TIME_ZONE, before their first).
// A delivery's pay is in its order's currency, on the courier's account in it ("courier:7:MXN",
// ledger/currency.ts): the answer's head is USD's, `currencies` each other one's; a payout is one currency's.

/** One currency's money. `pending`: the pay of the jobs the courier holds, not yet delivered, and of deliveries whose report window is still open. */
export type CourierMoneyJson = BalanceJson & {
  /** Cash collected at the door not yet handed over (absent when none). */
  cashOwed?: number;
  /** Newest first: each delivery's pay, pay for waiting at a restaurant, refunds taken back, payouts. */
  entries: {
    at: string;
    day: string;
    kind: "delivery" | "wait_pay" | "refund" | "payout" | "cash";
    orderId: number | null;
    restaurantName: string | null;
    reference: string | null;
    amount: number;
  }[];
  /** Newest first: each day's deliveries and earnings (payouts not counted), days of `timeZone`. */
  days: { day: string; deliveries: number; earnings: number }[];
};

/** Another currency's money than USD, beside the head's (payOutCourier pays it out). */
export type CourierCurrencyJson = CourierMoneyJson & { currency: string };

export type CourierEarningsJson = CourierMoneyJson & {
  /** The zone of the city the courier delivers in (IANA): the days above, and the times the app shows. */
  timeZone: string;
  /**
   * Flagged deliveries (a step taken away from the stop): pay `held` until Nosh decides, or
   * `refused` (gone back to the customer), each with why ("delivered 360 m from the drop-off"; `flags`: by key, for the app to write in its reader's words).
   */
  flagged: {
    orderId: number;
    restaurantName: string;
    amount: number;
    currency?: string;
    status: "held" | "refused";
    reason: string;
    flags: StoredFlag[] | null;
    at: string;
  }[];
  /** Each other currency the courier earned in or holds a job's pay in (absent with USD only). */
  currencies?: CourierCurrencyJson[];
};

const DAY_MS = 86_400_000;
const KIND = { settlement: "delivery", wait: "wait_pay", refund: "refund", payout: "payout", deduct: "cash" } as const;

export async function courierEarnings(courier: Courier, now = new Date(), days = 30): Promise<CourierEarningsJson> {
  return sqlTransaction(async (sql) => {
    const timeZone = await courierTimeZone(courier.id, sql);
    const since = new Date(now.getTime() - days * DAY_MS);
    const usd = await moneyIn(sql, courier, DEFAULT_CURRENCY, timeZone, since, now);
    const others = await courierCurrencies(sql, courier.id);
    const currencies = [];
    for (const currency of others) currencies.push({ currency, ...(await moneyIn(sql, courier, currency, timeZone, since, now)) });
    const flagged = await flaggedPayOf(sql, courier.id, since);
    return {
      ...usd,
      timeZone,
      flagged: flagged.map((row) => ({
        orderId: row.orderId,
        restaurantName: row.restaurantName,
        amount: majorIn(row.currency)(row.payCents),
        ...(row.currency !== DEFAULT_CURRENCY && { currency: row.currency }),
        status: row.payDecision === "refused" ? ("refused" as const) : ("held" as const),
        reason: flagReasonOf(row) ?? "",
        flags: flagsOf(row.flags),
        at: row.at.toISOString(),
      })),
      ...(currencies.length > 0 && { currencies }),
    };
  });
}

/** The courier's money in `currency`: its account's balance, payouts and lines since `since`, and its held jobs' pay. */
async function moneyIn(sql: Sql, courier: Courier, currency: string, timeZone: string, since: Date, now: Date): Promise<CourierMoneyJson> {
  const id = inCurrency(account.courier(courier.id), currency);
  const major = majorIn(currency);
  const balance = await availableOf(sql, id, now);
  // Pending: the pay of the jobs held, and of flagged deliveries waiting for an operator (docs/architecture/stops-and-messages.md "Steps at a stop").
  const held = await heldJobPay(sql, courier.id, currency);
  const payouts = await payoutsOf(sql, id);
  const rows = await statementOf(sql, id, since, new Date(now.getTime() + 1));
  const orderIds = [...new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])))];
  const names = orderIds.length ? await restaurantNamesOf(sql, orderIds) : new Map<number, string>();
  const entries = foldTipRaises(rows)
    .map((row) => ({
      at: row.at.toISOString(),
      day: localDateKey(row.at, timeZone),
      kind: KIND[row.kind as keyof typeof KIND] ?? "delivery",
      orderId: row.orderId,
      restaurantName: row.orderId === null ? null : (names.get(row.orderId) ?? null),
      reference: row.payoutReference,
      amount: major(row.amountCents),
      cents: row.amountCents,
      settlement: row.kind === "settlement",
    }))
    .reverse();
  const byDay = new Map<string, { day: string; deliveries: number; cents: number }>();
  for (const entry of entries) {
    if (entry.kind === "payout" || entry.kind === "cash") continue;
    const day = byDay.get(entry.day) ?? { day: entry.day, deliveries: 0, cents: 0 };
    if (entry.settlement) day.deliveries++;
    day.cents += entry.cents;
    byDay.set(entry.day, day);
  }
  // Cash collected at the door and not handed over (lib/server/cash/): owed to Nosh, taken off the next payout.
  const cashOwed = -(await balanceOf(sql, inCurrency(account.courierCash(courier.id), currency)));
  return {
    ...balanceJson(balance, held, payouts, currency),
    ...(cashOwed > 0 && { cashOwed: major(cashOwed) }),
    entries: entries.map(({ cents: _cents, settlement: _settlement, ...entry }) => entry),
    days: [...byDay.values()].map((day) => ({ day: day.day, deliveries: day.deliveries, earnings: major(day.cents) })),
  };
}

/**
 * A tip raised after delivery (a `payment` entry crediting the courier, orders/tip-raise.ts) is
 * part of that delivery's pay, not a delivery of its own: added to the delivery's row when it is in
 * the statement (its day and time), else a row of its own that no day counts as a delivery.
 */
function foldTipRaises<R extends { kind: string; orderId: number | null; amountCents: number }>(rows: R[]): R[] {
  const deliveries = new Map(rows.flatMap((row, i) => (row.kind === "settlement" && row.orderId !== null ? [[row.orderId, i] as const] : [])));
  const folded = rows.map((row) => ({ ...row }));
  const raised = new Set<number>();
  rows.forEach((row, i) => {
    const into = row.kind === "payment" && row.orderId !== null ? deliveries.get(row.orderId) : undefined;
    if (into === undefined) return;
    folded[into]!.amountCents += row.amountCents;
    raised.add(i);
  });
  return folded.filter((_, i) => !raised.has(i));
}

/**
 * POST /api/courier/payouts: `amountCents` of the balance in `currency` (its account's: the Payout
 * row carries it, as a restaurant's does); 409 beyond that balance's available or with a payout of
 * it on its way; 403 until the courier's email is verified.
 */
export async function payOutCourier(courier: Courier, amountCents: number, currency: string = DEFAULT_CURRENCY, now = new Date()): Promise<PayoutJson> {
  await requireVerifiedEmail(courier.id);
  const id = inCurrency(account.courier(courier.id), currency);
  // The cash they hold is deducted from their earnings first, in the payout's transaction (lib/server/cash/ledger.ts).
  const payout = await sqlTransaction(async (sql) => {
    await deductCashAtPayout(sql, courier.id, currency, (await availableOf(sql, id, now)).availableCents, now);
    return requestPayoutIn(sql, id, amountCents, "amount", now);
  });
  await sendPayouts(payout.id);
  return payout;
}
