import "server-only";
import { formatDateTime } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { monthDays, type StatementMonth } from "@/lib/contract/payouts/statement-rules";
import { daysOf } from "../insights/days";
import { account } from "../ledger/post";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { refundReasons } from "../payouts/restaurant";
import { marketFacts } from "../markets/markets";
import { balanceBefore, statementOf, type StatementRow } from "../payouts/queries/statement";
import { sqlTransaction } from "../platform/sql";

// A restaurant's monthly statement (docs/architecture/receipts.md), for its owner: every line of
// its ledger account (`restaurant:{id}`) in a calendar month of its zone, by the entry's kind, and
// the balance that opened and closed the month. Nothing is computed beside the ledger: opening is
// the sum of the account's lines before the month, closing the opening plus every line in it, so
// the statement ties to the ledger to the cent. A kind it does not know (a dispute's, a correction)
// is an adjustment, shown with its kind: a new kind of money appears without a change here.

export type StatementCategory = "order" | "tip" | "refund" | "adjustment" | "payout";

/** Which part of the statement a line of the account belongs to: by its entry's kind (and a tip's key), anything else an adjustment. */
export function categoryOf(line: { kind: string; key: string | null }): StatementCategory {
  switch (line.kind) {
    case "settlement":
      return "order";
    case "refund":
      return "refund";
    case "payout":
      return "payout";
    case "payment":
      // A tip raised after delivery: `order:{id}:tip:{from}:{to}`, a card's `tip:{paymentId}` (orders/tip-raise.ts).
      if (line.key !== null && (line.key.startsWith("tip:") || line.key.includes(":tip:"))) return "tip";
      return "adjustment";
    default:
      return "adjustment";
  }
}

export type StatementLine = {
  at: Date;
  category: StatementCategory;
  kind: string;
  orderId: number | null;
  reference: string | null;
  description: string;
  /** An order's food sales, commission, the promotion it funded (deducted: positive), and the delivery fees and tip it kept (its own staff delivered). */
  salesCents: number;
  commissionCents: number;
  discountCents: number;
  deliveryCents: number;
  tipCents: number;
  /** Sales tax the customer paid on the order: collected and remitted by Nosh, in no balance. */
  taxCents: number;
  /** The line of the account: what it added to (or took from) the balance. */
  amountCents: number;
  balanceCents: number;
};

export type StatementTotals = Record<StatementCategory, number> & {
  orderCount: number;
  salesCents: number;
  commissionCents: number;
  discountCents: number;
  deliveryCents: number;
  /** Tips kept: those of its own deliveries and those raised after. */
  tipsCents: number;
  taxCents: number;
};

export type MonthlyStatement = {
  /** The language its words, amounts and times are written in (the request's; English by default). */
  locale: Locale;
  restaurantId: number;
  restaurantName: string;
  restaurantAddress: string;
  month: StatementMonth;
  /** "November 2026", in `locale`. */
  monthLabel: string;
  timeZone: string;
  /** The restaurant's market's currency, its ledger account's: every amount is in its minor unit. */
  currency: string;
  openingCents: number;
  closingCents: number;
  totals: StatementTotals;
  lines: StatementLine[];
};

/** "November 2026" (the catalogue's kitchen.statementsPage.monthLabel, as the page writes it). */
export function monthLabel(month: StatementMonth, locale: Locale = "en"): string {
  const t = translatorFor(locale, "kitchen.statementsPage");
  return t("monthLabel", { month: t(`months.${month.slice(5, 7)}` as "months.01"), year: month.slice(0, 4) });
}

/** The adjustments' kinds the catalogue words (server.labels.statement.kinds); another reads as its own words ("some new kind"). */
const ADJUSTMENT_KINDS = ["payment", "deduct", "dispute", "capture"] as const;
const words = (kind: string) => kind.replaceAll(/[_-]+/g, " ");

/** One line as the statement reads it, in `locale` (server.labels.statement): an order's parts add up to its amount exactly (what does not fit a part is the promotion's). */
export function statementLine(row: StatementRow, reasons: ReadonlyMap<number, string>, locale: Locale = "en"): Omit<StatementLine, "balanceCents"> {
  const t = translatorFor(locale, "server.labels.statement");
  const category = categoryOf(row);
  const line = {
    at: row.at,
    category,
    kind: row.kind,
    orderId: row.orderId,
    reference: row.payoutReference,
    salesCents: 0,
    commissionCents: 0,
    discountCents: 0,
    deliveryCents: 0,
    tipCents: 0,
    taxCents: 0,
    amountCents: row.amountCents,
  };
  const order = row.orderId === null ? "" : t("order", { id: String(row.orderId) });
  switch (category) {
    case "order": {
      // The platform's line of the settlement is its service fee and the commission (as the payouts page reads it).
      const commission = Math.max(0, row.platformCents - row.serviceFeeCents);
      const base = row.subtotalCents - commission - row.discountCents;
      const extra = row.amountCents - base;
      const ownDelivery = row.courierCents === 0 && extra > 0;
      const delivery = ownDelivery ? Math.min(extra, row.deliveryFeeCents + row.priorityFeeCents) : 0;
      const tip = ownDelivery ? extra - delivery : 0;
      return {
        ...line,
        description: t("delivered", { order }),
        salesCents: row.subtotalCents,
        commissionCents: commission,
        discountCents: row.subtotalCents - commission - (row.amountCents - delivery - tip),
        deliveryCents: delivery,
        tipCents: tip,
        taxCents: row.taxCents,
      };
    }
    case "tip":
      return { ...line, description: t("tipRaised", { order }), tipCents: row.amountCents };
    case "refund":
      return { ...line, description: t("refund", { order, reason: reasons.get(row.entryId) ?? t("refundedInFull") }) };
    case "payout":
      return {
        ...line,
        description:
          row.amountCents >= 0
            ? t("payoutReturned", { reference: row.payoutReference ?? "" }).replace("  ", " ")
            : t("payout", { reference: row.payoutReference ?? "" }).trim(),
      };
    case "adjustment": {
      const kind = (ADJUSTMENT_KINDS as readonly string[]).includes(row.kind) ? t(`kinds.${row.kind as (typeof ADJUSTMENT_KINDS)[number]}`) : words(row.kind);
      return { ...line, description: order ? t("adjustment", { order, kind }) : kind };
    }
  }
}

/** The statement's sums: each category's amount, and the orders' parts. */
export function totalsOf(lines: readonly Omit<StatementLine, "balanceCents">[]): StatementTotals {
  const totals: StatementTotals = {
    order: 0,
    tip: 0,
    refund: 0,
    adjustment: 0,
    payout: 0,
    orderCount: 0,
    salesCents: 0,
    commissionCents: 0,
    discountCents: 0,
    deliveryCents: 0,
    tipsCents: 0,
    taxCents: 0,
  };
  for (const line of lines) {
    totals[line.category] += line.amountCents;
    if (line.category === "order") totals.orderCount += 1;
    totals.salesCents += line.salesCents;
    totals.commissionCents += line.commissionCents;
    totals.discountCents += line.discountCents;
    totals.deliveryCents += line.deliveryCents;
    totals.tipsCents += line.tipCents;
    totals.taxCents += line.taxCents;
  }
  return totals;
}

/** The owner's statement of `month` (a month of the restaurant's zone), worded in `locale`; anyone else's restaurant is a 404. */
export async function monthlyStatement(actor: Actor, restaurantId: number, month: StatementMonth, locale: Locale = "en"): Promise<MonthlyStatement> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const { bounds } = daysOf(monthDays(month), restaurant.timeZone);
  const from = bounds[0]!;
  const to = bounds[bounds.length - 1]!;
  const id = account.restaurant(restaurant.id);
  const { currency } = await marketFacts(restaurant.marketId);
  const { opening, rows, reasons } = await sqlTransaction(async (sql) => {
    const opening = await balanceBefore(sql, id, from);
    const rows = await statementOf(sql, id, from, to);
    return { opening, rows, reasons: await refundReasons(sql, rows, locale) };
  });
  let balance = opening;
  const lines = rows.map((row) => {
    const line = statementLine(row, reasons, locale);
    balance += line.amountCents;
    return { ...line, balanceCents: balance };
  });
  return {
    locale,
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    restaurantAddress: `${restaurant.address}, ${restaurant.city}, ${restaurant.state} ${restaurant.zip}`,
    month,
    monthLabel: monthLabel(month, locale),
    timeZone: restaurant.timeZone,
    currency,
    openingCents: opening,
    closingCents: balance,
    totals: totalsOf(lines),
    lines,
  };
}

/** The summary's rows, in the order the page and the PDF print them: from the opening balance to the closing one, worded in the statement's language (kitchen.statement.summary). */
export function statementSummary(statement: MonthlyStatement): { label: string; cents: number; part?: true; total?: true }[] {
  const { totals } = statement;
  const t = translatorFor(statement.locale, "kitchen.statement.summary");
  return [
    { label: t("opening"), cents: statement.openingCents, total: true },
    { label: t("orders", { count: String(totals.orderCount) }), cents: totals.order },
    { label: t("sales"), cents: totals.salesCents, part: true },
    { label: t("commission"), cents: -totals.commissionCents, part: true },
    { label: t("promotions"), cents: -totals.discountCents, part: true },
    { label: t("delivery"), cents: totals.deliveryCents, part: true },
    { label: t("tips"), cents: totals.tipsCents - totals.tip, part: true },
    { label: t("tipsAfter"), cents: totals.tip },
    { label: t("refunds"), cents: totals.refund },
    { label: t("adjustments"), cents: totals.adjustment },
    { label: t("payouts"), cents: totals.payout },
    { label: t("closing"), cents: statement.closingCents, total: true },
  ];
}

/** "Nov 20, 2026, 6:15 PM" in the restaurant's zone, in the statement's language. */
export const statementTime = (statement: MonthlyStatement, at: Date) => formatDateTime(at, statement.timeZone, statement.locale);
