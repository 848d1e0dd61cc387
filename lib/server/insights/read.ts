import "server-only";
import type { DateRange } from "@/lib/contract/restaurants/insights-rules";
import { getOwnedRestaurant } from "../team/owned";
import type { SessionUser } from "../platform/session-user";
import { cancelFigures } from "./cancellations";
import { daysOf, everyNth } from "./days";
import type { Insights } from "./figures";
import { latestReviews, weekRatings } from "./ratings";
import { ordersInRange } from "./queries";
import { refundFigures } from "./refunds";
import { customerFigures, dayFigures, topDishes } from "./sales";
import { netRevenueByDay } from "./settled";
import { deliveryTime, preparationTime, promiseCalibration } from "./timings";

// An owner's numbers for a range of the restaurant's days (docs/architecture/insights.md "Insights and
// exports"). Every figure is an aggregate the database computes (GROUP BY, SUM, AVG) over the
// range's orders, found through Order(restaurantId, submittedAt): no order is loaded here. An
// order counts on the local day it was submitted. Orders, revenue, customers and top dishes
// count the same orders: those the restaurant accepted that did not end canceled
// (ACCEPTED_STAGES); revenue is their food sales (subtotals: the lines' prices, options included,
// without the platform's fees, tax or the tip), so it equals the sum of the dishes' sales. A
// canceled order (rejected, canceled by the customer, expired) counts only under cancellations;
// one still waiting to be accepted counts nowhere yet. Net revenue alone is read from the ledger,
// not the orders: what it settled for the restaurant on each day (delivered
// orders at the commission each was charged, less refunds), so it equals the payouts page's net
// for the same days.
//
// Each figure's query: sales.ts, settled.ts, cancellations.ts, ratings.ts, timings.ts; the shape: figures.ts.

/** The restaurant's insights, for its owner only (anyone else: the 404 of getOwnedRestaurant). */
export async function getInsights(user: Pick<SessionUser, "id" | "guestAccount">, restaurantId: number, range: DateRange): Promise<Insights> {
  const restaurant = await getOwnedRestaurant(user, restaurantId);
  return readInsights(restaurant.id, restaurant.timeZone, range);
}

/** The figures, for a restaurant whose ownership the caller has checked. */
export async function readInsights(restaurantId: number, timeZone: string, range: DateRange): Promise<Insights> {
  const days = daysOf(range, timeZone);
  const start = days.bounds[0]!;
  const end = days.bounds[days.bounds.length - 1]!;
  const inRange = ordersInRange(restaurantId, start, end);
  const [sales, net, customers, byQuantity, byRevenue, cancellations, ratings, reviews, preparation, delivery, refunds, calibration] = await Promise.all([
    dayFigures(days, inRange),
    netRevenueByDay(restaurantId, days),
    customerFigures(restaurantId, start, end),
    topDishes(inRange, "quantity"),
    topDishes(inRange, "revenue"),
    cancelFigures(inRange),
    weekRatings(restaurantId, everyNth(days, 7)),
    latestReviews(restaurantId, start, end),
    preparationTime(inRange),
    deliveryTime(inRange),
    refundFigures(inRange),
    promiseCalibration(inRange),
  ]);
  const perDay = sales.map((day, i) => ({ ...day, netRevenueCents: net[i]! }));
  const orders = perDay.reduce((sum, d) => sum + d.orders, 0);
  const revenueCents = perDay.reduce((sum, d) => sum + d.revenueCents, 0);
  return {
    range,
    timeZone,
    days: perDay,
    orders,
    revenueCents,
    netRevenueCents: perDay.reduce((sum, d) => sum + d.netRevenueCents, 0),
    averageOrderCents: orders ? Math.round(revenueCents / orders) : null,
    customers,
    topByQuantity: byQuantity,
    topByRevenue: byRevenue,
    cancellations,
    refunds,
    ratings,
    latestReviews: reviews,
    preparation,
    delivery,
    calibration,
  };
}
