import "server-only";
import { arrivalWindow, type ArrivalWindow } from "@/lib/shared/delivery/arrival";
import type { IncomingOrderJson, OrderJson, ReorderJson } from "@/lib/contract/orders/schemas";
import type { DeliveryOption, DropoffChoice } from "@/lib/shared/constants";
import { dropoffPhotoUrl } from "@/lib/shared/delivery/dropoff";
import { majorIn } from "@/lib/shared/money/currency";
import { statusOf, type OrderStage } from "@/lib/shared/orders/order-stages";
import { promotionLabel, type PromotionKind } from "@/lib/shared/money/promotions";
import type { IncomingOrderRow, OrderRow } from "./include";
import type { Locale } from "@/lib/i18n/locale";
import { errorTextIn } from "../platform/errors";
import { busyMinutesAt, isSoldOut } from "@/lib/shared/kitchen/kitchen";
import { lineOptionsToJson, todayUnitCents, unavailableChoices } from "./lines";
import { orderCopyOf } from "../addresses/order-copy";
import { ALLERGENS, DIET_CODES, fromMask, lineLabels, type Allergen, type DietLabel } from "@/lib/shared/menu/allergens";
import { config } from "../platform/config";
import { priceJson } from "./price-json";
import { courierWaitOf } from "./courier-wait";
import { rangeText } from "@/lib/shared/delivery/delivery-estimate";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { reasonOf, reasonText } from "@/lib/shared/words/stored-texts";

/**
 * The deliveryOption of the JSON: "pickup" for an order collected at the restaurant. The row keeps
 * pickup in its own column (prisma/migrations/20261125100000_pickup) and the timing in
 * deliveryOption: standard (as soon as possible) or schedule (with scheduledFor).
 */
export function deliveryOptionOf(order: { deliveryOption: string | null; pickup: boolean }): DeliveryOption | null {
  return order.pickup ? "pickup" : (order.deliveryOption as DeliveryOption | null);
}

/** The columns a submitted deliveryOption is stored as (deliveryOptionOf reads them back). */
export function storedDeliveryOption(option: DeliveryOption, scheduledFor: Date | null): { deliveryOption: string; pickup: boolean } {
  if (option !== "pickup") return { deliveryOption: option, pickup: false };
  return { deliveryOption: scheduledFor ? "schedule" : "standard", pickup: true };
}

/** What an order's arrival estimate reads of its row (an OrderRow has it; the running-late job reads only this: orders/running-late.ts). */
export type ArrivalRow = Pick<
  OrderRow,
  "stage" | "deliveryOption" | "pickup" | "scheduledFor" | "submittedAt" | "estimatedReadyAt" | "delivery" | "promisedMinMinutes" | "promisedMaxMinutes"
> & {
  events: readonly { stage: string; at: Date }[];
  restaurant: { deliveryTime: number; busyExtraMinutes?: number; busyUntil?: Date | null } | null;
};

/**
 * The order's one arrival estimate (lib/shared/delivery/arrival.ts) from its row: the kitchen's times (the
 * ready stage's when it has one), the restaurant's delivery time, and its delivery job's facts
 * when read with them (withDeliveries).
 */
export function orderArrival(order: ArrivalRow): ArrivalWindow | null {
  return arrivalWindow({
    status: statusOf(order.stage),
    deliveryOption: deliveryOptionOf(order),
    scheduledFor: order.scheduledFor,
    submittedAt: order.submittedAt,
    estimatedReadyAt: order.estimatedReadyAt,
    readyAt: order.events.find((event) => event.stage === "ready")?.at ?? null,
    deliveryMinutes: order.restaurant?.deliveryTime ?? null,
    // The kitchen's busy minutes as checkout stated them when it was placed (lib/shared/delivery/delivery-estimate.ts).
    busyMinutes:
      order.restaurant?.busyExtraMinutes && order.submittedAt
        ? busyMinutesAt({ busyExtraMinutes: order.restaurant.busyExtraMinutes, busyUntil: order.restaurant.busyUntil ?? null }, order.submittedAt)
        : 0,
    promisedMinutes: promisedMinutesOf(order),
    courier: order.delivery?.facts ?? null,
  });
}

/** The order JSON's `promisedArrival`: the range as checkout showed it. */
function promisedArrivalJson(order: Pick<OrderRow, "promisedMinMinutes" | "promisedMaxMinutes">): OrderJson["promisedArrival"] {
  const promised = promisedMinutesOf(order);
  return promised && { minMinutes: promised[0], maxMinutes: promised[1], text: rangeText(promised) };
}

/** The range the order was promised before ordering, [min, max] minutes after placing, or null (pickup, a slot, an order from before). */
export function promisedMinutesOf(order: Pick<OrderRow, "promisedMinMinutes" | "promisedMaxMinutes">): [number, number] | null {
  return order.promisedMinMinutes !== null && order.promisedMaxMinutes !== null ? [order.promisedMinMinutes, order.promisedMaxMinutes] : null;
}

/**
 * An order's JSON. Each line keeps what was ordered (`price` = `unitPrice`, the unit price with
 * its options when the order was created; `options`, the copies of the choices; `instructions`)
 * and, while the order is Active, what submitting it would do today: `currentPrice` is the
 * dish's price on today's menu plus its options' deltas today (submit charges that), and
 * `unavailable` says the dish or one of its chosen options was removed (or the option is sold out
 * today) or its restaurant takes no orders (submit refuses the order until the line is removed). A placed order's lines are history: `currentPrice` equals `price` and `unavailable`
 * is false. `fromOwnRestaurant`: the customer owns the restaurant (no review). Once placed,
 * `stage` and `timeline` follow the live lifecycle (docs/architecture/order-stages.md, "Order stages").
 * `viewer.memberName`: the order is read by someone who took part in its group without placing
 * it (their name on the receipt): `group.member` carries their share, and the host's review is not shown.
 * `viewer.locale`: the language of the promotion's label (English by default).
 */
export function orderToJson(order: OrderRow, viewer: { memberName?: string; locale?: Locale } = {}): OrderJson {
  const status = statusOf(order.stage);
  const active = status === "Active";
  const restaurantOpen = Boolean(order.restaurant?.servicing);
  const deliveryOption = deliveryOptionOf(order);
  const arrival = orderArrival(order);
  const rejection = reasonOf(order);
  // The courier's window once they carry it is the same estimate (delivery.etaFrom/etaTo, kept for older clients).
  const delivery = order.delivery?.delivery ? { ...order.delivery.delivery } : null;
  if (delivery?.state === "picked_up" && arrival) Object.assign(delivery, { etaFrom: arrival.from, etaTo: arrival.to });
  // Every amount in major units of the order's own currency (1500 yen: 1500; 1500 US cents: 15).
  const major = majorIn(order.currency);
  return {
    id: order.id,
    status,
    stage: order.stage as OrderStage | null,
    currency: order.currency,
    totalCost: major(order.totalCents),
    ...priceJson(order, order.currency),
    taxJurisdiction: order.taxJurisdiction,
    promotion: order.promotion
      ? {
          id: order.promotion.id,
          code: order.promotion.code,
          kind: order.promotion.kind as PromotionKind,
          label: errorTextIn(viewer.locale ?? "en", promotionLabel({ ...order.promotion, kind: order.promotion.kind as PromotionKind }, order.currency)),
        }
      : null,
    deliveryOption,
    scheduledFor: order.scheduledFor?.toISOString() ?? null,
    dropoff: order.dropoff as DropoffChoice,
    dropoffPhotoUrl: order.dropoffPhoto ? dropoffPhotoUrl(order.id) : null,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
    submittedAt: order.submittedAt?.toISOString() ?? null,
    prepMinutes: order.prepMinutes,
    prepAddedMinutes: order.prepAddedMinutes,
    estimatedReadyAt: order.estimatedReadyAt?.toISOString() ?? null,
    estimatedArrivalFrom: arrival?.from ?? null,
    estimatedArrivalTo: arrival?.to ?? null,
    promisedArrival: promisedArrivalJson(order),
    actualMinutes: order.actualMinutes,
    // The API's words are English's; a screen writes `rejection` in its reader's.
    rejectionReason: rejection ? reasonText(rejection, ENGLISH.server.storedTexts.choices) : order.rejectionReason,
    rejection,
    timeline: order.events.map((event) => ({ stage: event.stage as OrderStage, at: event.at.toISOString() })),
    restaurantId: order.restaurantId,
    restaurant: { id: order.restaurantId, name: order.restaurantName, storeImage: order.restaurantImage },
    fromOwnRestaurant: order.restaurant !== null && order.restaurant.ownerId === order.userId,
    orderItems: order.orderItems.map((line) => ({
      id: line.id,
      menu_item_id: line.menuItemId,
      menu_item_name: line.name,
      name: line.name,
      quantity: line.quantity,
      price: major(line.priceCents),
      unitPrice: major(line.priceCents),
      currentPrice: major(active && line.menuItem ? todayUnitCents(line.menuItem.priceCents, line.options) : line.priceCents),
      unavailable: active && (!line.menuItem || !restaurantOpen || soldOut(line) || unavailableChoices(line.options).length > 0),
      soldOut: active && soldOut(line),
      restaurant_id: line.restaurantId,
      customizations: line.customizations,
      options: lineOptionsToJson(line.options, order.currency),
      ...lineLabelsToJson(line),
      instructions: line.instructions,
      addedBy: line.addedBy,
    })),
    group: order.groupHostName === null ? null : groupReceipt(order.groupHostName, order.orderItems, viewer.memberName, major),
    review: order.review && viewer.memberName === undefined ? { id: order.review.id, orderRating: order.review.orderRating } : null,
    // The copy it was placed with: the customer's own, not a group participant's to read.
    deliveryAddress: viewer.memberName === undefined ? orderCopyOf(order) : null,
    courier: order.delivery?.courier ?? null,
    delivery,
  };
}
export type { OrderJson };

/** A group order's receipt: who placed it, each person's subtotal, and for a participant reading it their own. */
function groupReceipt(
  hostName: string,
  lines: OrderRow["orderItems"],
  memberName: string | undefined,
  major: (minor: number) => number,
): NonNullable<OrderJson["group"]> {
  const participants = subtotalsByPerson(lines, major);
  if (memberName === undefined) return { hostName, participants };
  return { hostName, participants, member: { name: memberName, subtotal: participants.find((person) => person.name === memberName)?.subtotal ?? 0 } };
}

/** A group order's per-person subtotals (minor to major units), in the order the lines were added. */
function subtotalsByPerson(lines: OrderRow["orderItems"], major: (minor: number) => number): { name: string; subtotal: number }[] {
  const cents = new Map<string, number>();
  for (const line of lines) if (line.addedBy !== null) cents.set(line.addedBy, (cents.get(line.addedBy) ?? 0) + line.priceCents * line.quantity);
  return [...cents].map(([name, subtotal]) => ({ name, subtotal: major(subtotal) }));
}

/** The order as customers see it, plus the first name the kitchen calls out (nothing more). */
/** A line of an order at checkout whose dish its restaurant marked sold out (docs/architecture/kitchen.md). */
const soldOut = (line: OrderRow["orderItems"][number]) => Boolean(line.menuItem && isSoldOut(line.menuItem.soldOutUntil, new Date()));

export function incomingOrderToJson(order: IncomingOrderRow & { awaitingPayment?: boolean }): IncomingOrderJson {
  // The drop-off photo is the customer's, their courier's and operators' (courier-steps/dropoff-photo.ts): not the restaurant's.
  // Nor the customer's address copy: the board shows the delivery job's address (dispatch); but a
  // phone order's, which its staff typed and deliver themselves (docs/architecture/phone-orders.md).
  const full = orderToJson(order);
  const json: IncomingOrderJson = {
    ...full,
    dropoffPhotoUrl: null,
    deliveryAddress: order.phoneOrder ? full.deliveryAddress : null,
    customer: { firstName: order.user.firstName },
  };
  if (order.awaitingPayment) json.awaitingPayment = true;
  if (order.phoneOrder) json.phoneOrder = { phone: order.customerPhone ?? "" };
  if (order.staffDelivery) json.staffDelivery = true;
  if (order.disputeStatus) json.dispute = order.disputeStatus as NonNullable<IncomingOrderJson["dispute"]>;
  // The customer's saved allergies (docs/architecture/allergens.md "In the kitchen"): the kitchen must not miss them.
  if (order.user.avoidAllergens) json.allergies = fromMask(ALLERGENS, order.user.avoidAllergens);
  const wait = courierWaitOf(order, config().dispatch.waitPay);
  if (wait) json.courierWait = wait;
  return json;
}
export type { IncomingOrderJson };

/**
 * What changed between a past order and the menu today, for "Reorder": dishes gone, lines whose
 * unit price changed, and lines whose choices changed (`choices`: an option removed or sold out,
 * a group added, instructions no longer taken). A choice notice with `added: false` left the line
 * out: the customer chooses again (`menuItemId` says which dish to open); `added: true` added it
 * without what `message` names.
 */
export type ReorderChanges = {
  unavailable: string[];
  repriced: { name: string; was: number; now: number }[];
  choices: { menuItemId: number; name: string; message: string; added: boolean }[];
};

/** Reorder's answer: the new order and what changed since the past one (prices in dollars). */
export function reorderToJson(order: OrderRow, changes: ReorderChanges): ReorderJson {
  const major = majorIn(order.currency);
  return {
    order: orderToJson(order),
    changes: {
      unavailable: changes.unavailable,
      repriced: changes.repriced.map(({ name, was, now }) => ({ name, was: major(was), now: major(now) })),
      choices: changes.choices,
    },
  };
}

/**
 * A line's diet labels and allergens as the dish now declares them, less what its chosen options
 * take away (pepperoni: not vegetarian); a deleted dish declares none (lib/shared/menu/allergens.ts lineLabels).
 */
function lineLabelsToJson(line: OrderRow["orderItems"][number]): { dietLabels: DietLabel[]; allergens: Allergen[] } {
  if (!line.menuItem) return { dietLabels: [], allergens: [] };
  const dish = { allergens: fromMask(ALLERGENS, line.menuItem.allergens), dietLabels: fromMask(DIET_CODES, line.menuItem.dietLabels) };
  const chosen = line.options.flatMap((choice) =>
    choice.option ? [{ allergens: fromMask(ALLERGENS, choice.option.allergens), removesLabels: fromMask(DIET_CODES, choice.option.removesLabels) }] : [],
  );
  return lineLabels(dish, chosen);
}
