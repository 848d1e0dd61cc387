import "server-only";
import { statusOf } from "@/lib/shared/orders/order-stages";
import { subtotalOf } from "@/lib/shared/money/pricing";
import { conflict, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import type { PrismaSql } from "../platform/sql";
import { assertTakingOrders } from "./create";
import { orderInclude, orderLineOptionsInclude, placingRestaurantSelect, type OrderRow } from "./include";
import { priceStoredLines, pricedDishSelect } from "./lines";
import type { placement, PlacementRestaurant, RadiusRestaurant } from "./placement";
import type { PricingRestaurant } from "./pricing-context";
import type { PromisingRestaurant } from "./promise";
import { whereStatus } from "./status";
import { transition } from "./transition";
import { said } from "@/lib/shared/words/said";

// What placeOrder (place.ts) places: a source's lines priced and how its order is written, and the
// two-step submit's source, the customer's Active order re-priced.

/** "This order was already submitted": the 409 of a second submit, the status said in the reader's words. */
const alreadyMessage = (stage: string | null) => said("rules.moves.orderAlready", { status: said(`rules.moves.statuses.${statusOf(stage)}`) });

/** What placement() and the delivery radius read of the restaurant, and promotionFor() of it. */
type PlacingRestaurant = PlacementRestaurant &
  RadiusRestaurant &
  PricingRestaurant &
  PromisingRestaurant & { id: number; ownerId: number; timeZone: string; automaticOffers?: boolean; capacityPer15?: number | null; currency?: string };
type Placed = ReturnType<typeof placement>;

/**
 * A source's lines priced from today's menu (step 1), and how its order is written placed (step 4):
 * what differs between the three checkouts; everything else is placeOrder's one sequence.
 */
export type PricedSource = {
  restaurant: PlacingRestaurant;
  subtotalCents: number;
  /** Its lines as priced (dish, unit price with options, quantity): what an offer is priced on (promotions/offers.ts). */
  lines: { menuItemId: number; priceCents: number; quantity: number }[];
  /** Where the request's fields sit: `submit.` in the one-call checkout, else at the top. */
  fields: "" | "submit.";
  /** A group's checkout takes no promotion (docs/architecture/promotions.md "Group orders"). */
  takesPromotion: boolean;
  /** Writes the order placed with these columns (placement()'s) and its placed event. */
  write: (placed: Placed) => Promise<OrderRow>;
};

/**
 * The two-step submit's source: the customer's Active order with its restaurant, its stored lines
 * re-priced from today's menu (a line gone is a 409); written by rewriting its lines at today's
 * prices (so the order, its lines and the charge agree, and a refused placement rolls them back)
 * and moving it from Active to placed with transition().
 */
export async function priceActiveOrder(sql: PrismaSql, user: SessionUser, orderId: number, now: Date, windowAt: Date): Promise<PricedSource> {
  const { tx } = sql;
  const order = await tx.order.findFirst({
    where: { id: orderId, userId: user.id },
    include: {
      restaurant: { select: placingRestaurantSelect },
      orderItems: { orderBy: orderInclude.orderItems.orderBy, include: { menuItem: { select: pricedDishSelect }, options: orderLineOptionsInclude } },
    },
  });
  if (!order) throw notFound(said("messages.orderNotFound"));
  if (order.stage !== null) throw conflict(alreadyMessage(order.stage));
  assertTakingOrders(order.restaurant);
  const priced = priceStoredLines(
    order.orderItems.map((line) => ({ ...line, dish: line.menuItem, optionIds: line.options.map((option) => option.optionId) })),
    "items",
    now,
    windowAt,
  );
  return {
    // The order's currency, its restaurant's market's when it was made.
    restaurant: { ...order.restaurant!, currency: order.currency },
    subtotalCents: subtotalOf(priced.map(({ line, priced }) => ({ quantity: line.quantity, priceCents: priced.priceCents }))),
    lines: priced.map(({ line, priced }) => ({ menuItemId: priced.menuItemId, priceCents: priced.priceCents, quantity: line.quantity })),
    fields: "",
    takesPromotion: true,
    write: async (placed) => {
      for (const { line, priced: today } of priced) {
        if (line.priceCents !== today.priceCents) await tx.orderItem.update({ where: { id: line.id }, data: { priceCents: today.priceCents } });
        for (const copy of line.options) {
          const delta = today.options.find((option) => option.optionId === copy.optionId)!.priceDeltaCents;
          if (copy.priceDeltaCents !== delta) await tx.orderItemOption.update({ where: { id: copy.id }, data: { priceDeltaCents: delta } });
        }
      }
      return transition(
        tx,
        order.id,
        { userId: user.id },
        { from: whereStatus("Active"), to: "placed", data: placed, conflict: (current) => alreadyMessage(current.stage), now },
      );
    },
  };
}
