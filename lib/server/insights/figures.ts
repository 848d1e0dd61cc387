import "server-only";
import type { DateRange } from "@/lib/contract/restaurants/insights-rules";

// The shape of an owner's insights (read.ts puts them together); which orders count as sold is
// queries.ts's SOLD.

/** netRevenueCents: what the ledger settled for the restaurant that day (settled.ts; docs/architecture/ledger.md). */
export type DayFigures = { day: string; orders: number; revenueCents: number; netRevenueCents: number; canceled: number };
export type DishFigures = { name: string; quantity: number; revenueCents: number };
export type CancelFigures = { reason: string; orders: number; amountCents: number; refundedToWalletCents: number };
export type WeekRating = { weekOf: string; reviews: number; average: number | null };
export type LatestReview = { id: number; firstName: string; rating: number; review: string; createdAt: Date };
/** A dish's refunds from approved problem reports: items refunded of items sold (rate 0-1). */
export type DishRefund = { name: string; sold: number; refunded: number; refundedCents: number; rate: number };
export type Duration = { orders: number; averageMinutes: number | null };

export type Insights = {
  range: DateRange;
  timeZone: string;
  days: DayFigures[];
  /** Accepted orders, not canceled (ACCEPTED_STAGES). */
  orders: number;
  /** Their food sales (subtotals, no fees, tax or tip): the sum of every dish's revenueCents. */
  revenueCents: number;
  /**
   * What the ledger settled for the restaurant in the range (settled.ts): the restaurant account's
   * lines on settlements (each delivered order's share: subtotal less the commission it was charged
   * and its discount, plus the fees its own staff carried) and refunds, on the local day each was
   * written: the payouts page's net for the same days (its payouts left out).
   */
  netRevenueCents: number;
  /** Revenue / orders, rounded to the cent; null without orders. */
  averageOrderCents: number | null;
  /** Customers with an accepted order in the range: whose first order here is in it (new), or earlier (returning). */
  customers: { new: number; returning: number };
  topByQuantity: DishFigures[];
  topByRevenue: DishFigures[];
  cancellations: CancelFigures[];
  /** Approved problem reports on the range's sold orders (docs/architecture/problem-reports.md): how many, their refunds, the refund rate per dish. */
  refunds: { reports: number; refundedCents: number; byDish: DishRefund[] };
  ratings: WeekRating[];
  latestReviews: LatestReview[];
  /** Accepted -> ready, from Order.acceptedAt and the ready OrderEvent. */
  preparation: Duration;
  /** Ready -> delivered (delivery orders), from their OrderEvents. */
  delivery: Duration;
  /** The arrival promised before ordering against the actual minutes, per range promised (delivered orders with a promise). */
  calibration: PromiseBucket[];
};

/** One range promised ("20-35 min") and how its delivered orders landed: early, inside, late, and their average minutes. */
export type PromiseBucket = { min: number; max: number; orders: number; early: number; inside: number; late: number; averageMinutes: number | null };

export const TOP_DISHES = 10;
export const LATEST_REVIEWS = 5;
