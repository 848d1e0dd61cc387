import "server-only";
import { formatDateTime } from "@/lib/shared/format-date";
import { monthDays, type StatementMonth } from "@/lib/validation/statements";
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

export const CATEGORY_LABELS: Record<StatementCategory, string> = {
  order: "Order",
  tip: "Tip",
  refund: "Refund",
  adjustment: "Adjustment",
  payout: "Payout",
};

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
  restaurantId: number;
  restaurantName: string;
  restaurantAddress: string;
  month: StatementMonth;
  /** "November 2026" */
  monthLabel: string;
  timeZone: string;
  /** The restaurant's market's currency, its ledger account's: every amount is in its minor unit. */
  currency: string;
  openingCents: number;
  closingCents: number;
  totals: StatementTotals;
  lines: StatementLine[];
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
export const monthLabel = (month: StatementMonth) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const words = (kind: string) => kind.replaceAll(/[_-]+/g, " ");

/** One line as the statement reads it: an order's parts add up to its amount exactly (what does not fit a part is the promotion's). */
export function statementLine(row: StatementRow, reasons: ReadonlyMap<number, string>): Omit<StatementLine, "balanceCents"> {
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
  const order = row.orderId === null ? "" : `Order #${row.orderId}`;
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
        description: `${order} delivered`,
        salesCents: row.subtotalCents,
        commissionCents: commission,
        discountCents: row.subtotalCents - commission - (row.amountCents - delivery - tip),
        deliveryCents: delivery,
        tipCents: tip,
        taxCents: row.taxCents,
      };
    }
    case "tip":
      return { ...line, description: `${order}: tip raised after delivery`, tipCents: row.amountCents };
    case "refund":
      return { ...line, description: `${order}: ${reasons.get(row.entryId) ?? "order refunded in full"}` };
    case "payout":
      return {
        ...line,
        description:
          row.amountCents >= 0 ? `Payout ${row.payoutReference ?? ""} returned to your balance`.replace("  ", " ") : `Payout ${row.payoutReference ?? ""}`.trim(),
      };
    case "adjustment":
      return { ...line, description: `${order ? `${order}: ` : ""}${words(row.kind)}` };
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

/** The owner's statement of `month` (a month of the restaurant's zone); anyone else's restaurant is a 404. */
export async function monthlyStatement(actor: Actor, restaurantId: number, month: StatementMonth): Promise<MonthlyStatement> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const { bounds } = daysOf(monthDays(month), restaurant.timeZone);
  const from = bounds[0]!;
  const to = bounds[bounds.length - 1]!;
  const id = account.restaurant(restaurant.id);
  const { currency } = await marketFacts(restaurant.marketId);
  const { opening, rows, reasons } = await sqlTransaction(async (sql) => {
    const opening = await balanceBefore(sql, id, from);
    const rows = await statementOf(sql, id, from, to);
    return { opening, rows, reasons: await refundReasons(sql, rows) };
  });
  let balance = opening;
  const lines = rows.map((row) => {
    const line = statementLine(row, reasons);
    balance += line.amountCents;
    return { ...line, balanceCents: balance };
  });
  return {
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    restaurantAddress: `${restaurant.address}, ${restaurant.city}, ${restaurant.state} ${restaurant.zip}`,
    month,
    monthLabel: monthLabel(month),
    timeZone: restaurant.timeZone,
    currency,
    openingCents: opening,
    closingCents: balance,
    totals: totalsOf(lines),
    lines,
  };
}

/** The summary's rows, in the order the page and the PDF print them: from the opening balance to the closing one. */
export function statementSummary(statement: MonthlyStatement): { label: string; cents: number; part?: true; total?: true }[] {
  const { totals } = statement;
  return [
    { label: "Opening balance", cents: statement.openingCents, total: true },
    { label: `Orders (${totals.orderCount})`, cents: totals.order },
    { label: "Food sales", cents: totals.salesCents, part: true },
    { label: "Commission", cents: -totals.commissionCents, part: true },
    { label: "Promotions you funded", cents: -totals.discountCents, part: true },
    { label: "Delivery fees (your own deliveries)", cents: totals.deliveryCents, part: true },
    { label: "Tips (your own deliveries)", cents: totals.tipsCents - totals.tip, part: true },
    { label: "Tips raised after delivery", cents: totals.tip },
    { label: "Refunds", cents: totals.refund },
    { label: "Adjustments", cents: totals.adjustment },
    { label: "Payouts", cents: totals.payout },
    { label: "Closing balance", cents: statement.closingCents, total: true },
  ];
}

/** "Nov 20, 2026, 6:15 PM" in the restaurant's zone. */
export const statementTime = (statement: MonthlyStatement, at: Date) => formatDateTime(at, statement.timeZone);
