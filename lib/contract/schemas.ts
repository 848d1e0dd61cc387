import { z } from "zod";
import { ORDER_STAGES } from "@/lib/shared/order-stages";
import { WEEKDAYS } from "@/lib/shared/opening-hours";
import { COURIER_DISTANCE_BANDS, JOB_STATES } from "@/lib/shared/delivery";
import { CUISINES, DELIVERY_OPTIONS, DROPOFF_CHOICES, FOOD_TYPES, ORDER_STATUSES, PAYMENT_METHODS, PRICE_LEVELS } from "@/lib/shared/constants";
import { PROMOTION_KINDS, PROMOTION_STATES } from "@/lib/shared/promotions";
import { exportedNotificationSchema, exportedPushSubscriptionSchema } from "./notification-schemas";
import { problemSchema } from "./problem-schemas";

// The API's response shapes (the contract's JSON), one zod schema each. The data layer's
// mappers (`userToJson`, `orderToJson`, ...) return these types, the OpenAPI document at
// /api/openapi.json is generated from them (lib/contract/openapi.ts), and the Playwright API
// tests validate every answer against that document (e2e/support/contract.ts). Change a
// response here first: the mapper stops compiling until it matches.

/** A database text column holding one of `values`: typed as the column (string), documented and validated as the enum. */
const stored = (values: readonly string[], description?: string) =>
  z
    .string()
    .refine((value) => values.includes(value), `one of ${values.join(", ")}`)
    .meta({ enum: [...values], ...(description ? { description } : {}) });

const id = z.number().int().positive();
const instant = z.iso.datetime().meta({ description: "ISO 8601 instant (UTC)" });
/** Money in JSON: a number of dollars with at most two decimals, never a string (stored as integer cents). */
export const money = z.number().meta({ description: "Dollars, at most two decimals" });

export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional().meta({ description: "The fields at fault: { field: message }" }),
  payment: z
    .object({
      state: z.enum(["failed", "requires_action"]),
      code: z.string().nullable().optional(),
      intentId: z.string().optional(),
      challengeUrl: z.string().nullable().optional(),
    })
    .optional()
    .meta({
      description:
        "A card payment's 402 (docs/architecture/payments.md): declined (its code), or a 3-D Secure challenge: the page to send the customer to, and the intent to send back",
    }),
});

export const messageSchema = z.object({ message: z.string() });
export const deletedSchema = z.object({ message: z.string(), id });

export const userSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  wallet: money,
  profileImage: z.string().nullable(),
  restaurantOwner: z.boolean(),
  courier: z.boolean().meta({ description: "Delivers orders from the courier app at /courier" }),
  guestAccount: z.boolean(),
  deliveryInstructions: z.string().nullable(),
  lat: z.number().nullable().meta({ description: "The saved address's place (its ZIP code's centroid, set whenever the address is saved); null without an address" }),
  lng: z.number().nullable(),
});
export type UserJson = z.infer<typeof userSchema>;

export const restaurantSchema = z.object({
  id,
  ownerId: id,
  name: z.string(),
  description: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  cuisineType: stored(CUISINES),
  deliveryFee: money,
  deliveryTime: z.number().int().meta({ description: "Minutes" }),
  deliveryRadiusKm: z
    .number()
    .meta({ description: "How far it delivers, in km (0.5-50, default 8): a delivery order from farther away is a 422; pickup is always possible" }),
  lat: z.number().nullable().meta({ description: "The restaurant's place (from its ZIP code, set on every save); null for a row saved before places" }),
  lng: z.number().nullable(),
  businessHours: z.string().meta({ description: 'The weekly schedule (`hours`) in words, written from it: "Mon Closed; Tue-Sun 11:00 AM - 10:00 PM"' }),
  closingTime: z.string().meta({
    description: "HH:MM, 24-hour clock: the close of today's last opening interval (00:00 for midnight; 22:00 when closed today or open around the clock)",
  }),
  servicing: z.boolean().meta({ description: "Taking orders" }),
  timeZone: z.string().meta({ description: "IANA time zone of the hours and closures" }),
  hours: z.record(z.enum(WEEKDAYS), z.array(z.object({ open: z.string(), close: z.string() }))).meta({
    description: "Weekly schedule: per weekday, [] (closed) or up to two { open, close } HH:MM intervals; close < open runs past midnight, 24:00 is midnight",
  }),
  closures: z.array(z.object({ from: z.string(), to: z.string() })).meta({ description: "Holiday closures, YYYY-MM-DD inclusive, in the restaurant's zone" }),
  openNow: z.boolean().meta({ description: "Open at the time of the answer (hours and closures; not whether it is taking orders: servicing)" }),
  nextChange: instant.nullable().meta({ description: "When openNow next changes; null when not within the coming week (open around the clock, or no hours)" }),
  pausedUntil: instant
    .nullable()
    .meta({ description: "The owner paused new orders until this instant (orders for now are a 409 until then; slots from then on are taken); null: not paused" }),
  busyExtraMinutes: z.number().int().meta({ description: "Minutes the kitchen adds to every prep time while busy (0, 10 or 20); the delivery estimate includes them" }),
  autoAccept: z.boolean().meta({ description: "New orders are accepted at once with defaultPrepMinutes" }),
  defaultPrepMinutes: z.number().int().meta({ description: "The prep time an order accepted automatically gets (5-90)" }),
  storeImage: z.string(),
  priceLevel: stored(PRICE_LEVELS),
  rating: z.number().nullable().meta({ description: "Mean restaurant rating to one decimal; null without reviews" }),
  numReviews: z.number().int(),
  suspension: z
    .object({ at: instant, reason: z.string() })
    .optional()
    .meta({ description: "Present on the owner's own reads while a Nosh operator has the restaurant suspended, with the reason" }),
});
export type RestaurantJson = z.infer<typeof restaurantSchema>;

/** One page of restaurants; `nextOffset` is null on the last page. */
export const restaurantPageSchema = z.object({
  restaurants: z.array(restaurantSchema),
  hasMore: z.boolean(),
  nextOffset: z.number().int().nullable(),
});

export const menuItemSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  price: money,
  food_image: z.string(),
  food_type: stored(FOOD_TYPES),
  restaurantId: id,
  restaurant_name: z.string(),
  restaurant_owner_id: id,
  restaurant: z.object({
    id,
    name: z.string(),
    ownerId: id,
    servicing: z.boolean(),
    storeImage: z.string(),
    cuisineType: stored(CUISINES),
  }),
  likes: z.array(id).meta({ description: "Ids of the users who favour the item" }),
  likeCount: z.number().int(),
  allowsInstructions: z.boolean().meta({ description: "A line of this dish may carry special instructions (up to 200 characters)" }),
  soldOutUntil: instant
    .nullable()
    .meta({ description: "Marked sold out by its restaurant until this instant (its next opening): a checkout with it is a 409; null: available" }),
  optionGroups: z
    .array(
      z.object({
        id,
        name: z.string(),
        required: z.boolean().meta({ description: "minChoices >= 1" }),
        minChoices: z.number().int().min(0),
        maxChoices: z.number().int().min(1),
        options: z.array(
          z.object({
            id,
            name: z.string(),
            priceDelta: money.meta({ description: "Dollars added to the dish's price per unit, 0 to 50" }),
            available: z.boolean().meta({ description: "False: sold out for today (available again tomorrow)" }),
          }),
        ),
      }),
    )
    .meta({ description: "The dish's choices in display order; an order line names the options chosen (lib/shared/options.ts)" }),
});
export type MenuItemJson = z.infer<typeof menuItemSchema>;

/** GET /api/search: restaurants and dishes matching the text and filters (docs/architecture/search.md#search). */
export const searchRestaurantSchema = restaurantSchema.extend({
  takingOrders: z.boolean().meta({ description: "Open for orders (deactivated restaurants are found too)" }),
});
export const searchDishSchema = menuItemSchema.extend({
  restaurant: menuItemSchema.shape.restaurant.extend({
    cuisine: stored(CUISINES),
    takingOrders: z.boolean().meta({ description: "The restaurant is open for orders" }),
  }),
});
export const searchResultSchema = z.object({
  restaurants: z.array(searchRestaurantSchema),
  dishes: z.array(searchDishSchema),
  total: z
    .object({ restaurants: z.number().int(), dishes: z.number().int() })
    .meta({ description: "All matches of each kind (the lists are one page of them); 0 for a kind `type` left out" }),
  facets: z.object({
    cuisine: z
      .record(z.string(), z.number().int())
      .meta({ description: "Restaurants matching the text and every filter but cuisine, per cuisine (cuisines with none left out)" }),
  }),
  suggestion: z
    .string()
    .nullable()
    .meta({ description: 'When the text as typed matched nothing: the closest words the names hold ("piza" -> "pizza"); the lists are then that text\'s results' }),
});
export const nearestZipSchema = z.object({
  zip: z.string().meta({ description: "Five digits: 94110" }),
  city: z.string(),
  state: z.string().meta({ description: "Two letters: CA" }),
  km: z.number().meta({ description: "From the position to the ZIP code's centre, to 0.1 km" }),
});
export type SearchRestaurantJson = z.infer<typeof searchRestaurantSchema>;
export type SearchDishJson = z.infer<typeof searchDishSchema>;
export type SearchResultJson = z.infer<typeof searchResultSchema>;

export const orderLineSchema = z.object({
  id,
  menu_item_id: id.nullable().meta({ description: "Null once the dish was deleted" }),
  menu_item_name: z.string(),
  name: z.string(),
  quantity: z.number().int().min(1).max(99),
  price: money.meta({ description: "Dollars per unit when the line was ordered, chosen options included (equals unitPrice)" }),
  unitPrice: money.meta({ description: "Dollars per unit when the line was ordered: the dish's price plus its options' deltas" }),
  currentPrice: money.meta({ description: "Today's unit price (options included) while the order is Active; else equals price" }),
  unavailable: z.boolean().meta({
    description: "Active orders: the dish, one of its chosen options (removed or sold out) or its restaurant can no longer be ordered",
  }),
  soldOut: z
    .boolean()
    .meta({ description: "Active orders: the restaurant marked the dish sold out (until its next opening); submit refuses the order until the line is removed" }),
  restaurant_id: id,
  customizations: z.string().nullable(),
  options: z
    .array(
      z.object({
        optionId: id.nullable().meta({ description: "Null once the option was removed from the menu" }),
        group: z.string().meta({ description: "The group's name when ordered" }),
        name: z.string(),
        priceDelta: money,
      }),
    )
    .meta({ description: "The choices as they were priced (copies: later menu edits never change them)" }),
  instructions: z.string().nullable().meta({ description: "The customer's special instructions" }),
  addedBy: z.string().nullable().meta({ description: "A group order's line: the display name of who added it; else null" }),
});

const point = z.object({ lat: z.number(), lng: z.number() });

/** An order's delivery by a Nosh courier (docs/architecture/couriers.md "API"). */
export const orderDeliverySchema = z.object({
  state: z.enum(JOB_STATES),
  gaveUp: z.boolean().meta({ description: "Nobody accepted within DISPATCH_GIVE_UP_MINUTES; the job is still offered" }),
  arrivedAt: instant.nullable().meta({ description: "When the courier arrived at the restaurant" }),
  failureReason: z
    .string()
    .nullable()
    .meta({ description: "A failed delivery: a label from a fixed list (Couldn't reach you, Address not found, Unsafe to deliver, Other), never the courier's words" }),
  restaurant: point,
  dropoff: point,
  position: point.optional().meta({ description: "The courier, rounded to about 10 m: picked_up only" }),
  distanceKm: z.number().optional().meta({ description: "Courier to the restaurant before pickup, to the drop-off after" }),
  etaFrom: instant.optional().meta({ description: "Arrival window at the drop-off, following the courier once picked up" }),
  etaTo: instant.optional(),
});

export const orderPromotionSchema = z.object({
  id,
  code: z.string().nullable().meta({ description: "Null for an automatic offer" }),
  kind: z.enum(PROMOTION_KINDS),
  label: z.string().meta({ example: "20% off your first order" }),
});

export const promotionSchema = z.object({
  id,
  restaurantId: id,
  code: z.string().nullable().meta({ description: "4-16 letters or digits, matched case-insensitively; null for an automatic offer" }),
  automatic: z.boolean().meta({ description: "No code: applied by itself at checkout and shown as the restaurant page's badge" }),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().meta({ description: "percent: whole percent; amount: dollars; free_delivery: 0" }),
  maxDiscount: money.nullable(),
  minSubtotal: money,
  startsAt: instant.nullable(),
  endsAt: instant.nullable(),
  firstOrderOnly: z.boolean(),
  perCustomerLimit: z.number().int().min(1).nullable().meta({ description: "Uses per customer; null: no limit" }),
  totalLimit: z.number().int().min(1).nullable(),
  redeemed: z.number().int().meta({ description: "Redemptions held (orders that did not end without food)" }),
  state: z.enum(PROMOTION_STATES).meta({ description: "At the time of the answer: its dates first (scheduled, ended), then its total uses (used_up), else active" }),
  results: z
    .object({
      orders: z.number().int().meta({ description: "Orders placed with it that did not end without food (canceled, rejected, expired)" }),
      discount: money.meta({ description: "The discount those orders took (paid by the restaurant)" }),
      sales: money.meta({ description: "Those orders' item subtotals, before the discount" }),
      newCustomers: z.number().int().meta({ description: "Of those orders, the customer's first placed at this restaurant" }),
    })
    .meta({ description: 'What it brought (docs/architecture/promotions.md "Results")' }),
  fundedBy: z.literal("restaurant").meta({ description: "Who pays the discount (the ledger reads it)" }),
  label: z.string().meta({ example: "20% off your first order" }),
});
export type PromotionJson = z.infer<typeof promotionSchema>;

export type QuoteJson = z.infer<typeof quoteSchema>;

export const offerSchema = z.object({
  id,
  kind: z.enum(PROMOTION_KINDS),
  label: z.string().meta({ example: "20% off your first order" }),
  firstOrderOnly: z.boolean(),
  startsAt: instant.nullable(),
  endsAt: instant.nullable(),
  unavailable: z
    .string()
    .nullable()
    .meta({ description: 'Why the caller cannot take it now ("You\'ve used this offer", "Starts Dec 5, 7:00 PM"...), or null', example: "You've used this offer" }),
});

export const quoteSchema = z.object({
  subtotal: money,
  deliveryFee: money,
  priorityFee: money,
  serviceFee: money,
  tip: money,
  discount: money,
  tax: money.meta({
    description: "Sales tax of the restaurant's jurisdiction (issue 59 item 6), apart from serviceFee (the spec's 10 % \"tax and fees\"); 0 where no rate applies",
  }),
  taxRate: z.number().nullable().meta({ description: "The rate in percent (8.625), null where no rate applies" }),
  taxesFees: z
    .boolean()
    .meta({ description: "Whether that rate taxes the fees too (items always); the checkout page computes the tax by the same rule (lib/shared/tax.ts)" }),
  total: money.meta({ description: "What placing the order with the same body charges" }),
  promotion: orderPromotionSchema.nullable(),
  unavailableOffers: z
    .array(z.object({ id, label: z.string(), reason: z.string().meta({ example: "Spend $5.00 more" }) }))
    .meta({ description: "The restaurant's automatic offers this order cannot take, each with why (empty with a code)" }),
});

export const orderSchema = z.object({
  id,
  status: stored(ORDER_STATUSES),
  totalCost: money,
  subtotal: money,
  deliveryFee: money,
  priorityFee: money,
  serviceFee: money,
  tip: money,
  discount: money.meta({ description: "The promotion's discount, already taken off totalCost (0 without one)" }),
  tax: money.meta({
    description:
      "Sales tax (issue 59 item 6) of the restaurant's jurisdiction, included in totalCost, apart from serviceFee (the spec's 10 % \"tax and fees\", unchanged); 0 where no rate applies (then totalCost is the spec's exactly)",
  }),
  taxRate: z.number().nullable().meta({ description: "The rate the order was taxed at, in percent (8.625); null when none applied" }),
  taxJurisdiction: z.string().nullable().meta({ description: 'The rate\'s jurisdiction: "CA 941" (a ZIP prefix) or "CA"; null when none applied' }),
  promotion: orderPromotionSchema.nullable().meta({ description: "The promotion the order took (docs/architecture/promotions.md), or null" }),
  deliveryOption: stored(DELIVERY_OPTIONS).nullable(),
  scheduledFor: instant.nullable(),
  dropoff: stored(DROPOFF_CHOICES).meta({ description: "hand_to_me (the default) or leave_at_door: the courier then photographs it" }),
  dropoffPhotoUrl: z
    .string()
    .nullable()
    .meta({ description: "The courier's photo of a left-at-the-door order (GET, the customer, its courier and operators), until the problem-report window closes" }),
  paymentMethod: stored(PAYMENT_METHODS).nullable(),
  createdAt: instant,
  restaurantId: id.nullable().meta({ description: "Null once the restaurant was deleted" }),
  restaurant: z.object({ id: id.nullable(), name: z.string(), storeImage: z.string().nullable() }),
  fromOwnRestaurant: z.boolean().meta({ description: "The customer owns the restaurant (no review)" }),
  orderItems: z.array(orderLineSchema),
  review: z.object({ id, orderRating: z.number().int() }).nullable(),
  submittedAt: instant.nullable().meta({ description: "When the order was placed; null while Active" }),
  stage: z.enum(ORDER_STAGES).nullable().meta({
    description:
      "The live lifecycle once placed (null while Active): placed -> accepted -> ready -> out_for_delivery -> delivered; or rejected (by the restaurant), canceled (by the customer while placed), expired (not accepted in time). delivered is status Completed; rejected, canceled and expired are status Canceled.",
  }),
  prepMinutes: z.number().int().min(5).max(90).nullable().meta({ description: "The restaurant's preparation estimate, given on accepting" }),
  estimatedReadyAt: instant.nullable(),
  estimatedArrivalFrom: instant.nullable().meta({ description: "Start of the estimated arrival window; moves as steps happen" }),
  estimatedArrivalTo: instant.nullable(),
  rejectionReason: z.string().nullable().meta({ description: "The restaurant's reason when rejected, or why the order expired" }),
  timeline: z.array(z.object({ stage: z.enum(ORDER_STAGES), at: instant })).meta({ description: "Every step so far, oldest first" }),
  group: z
    .object({
      hostName: z.string(),
      participants: z.array(z.object({ name: z.string(), subtotal: money })),
      member: z.object({ name: z.string(), subtotal: money }).optional().meta({
        description: "Only when read by someone who took part without placing it: their name on the receipt and their share (they may read the order, not act on it)",
      }),
    })
    .nullable()
    .meta({
      description: "A group order's receipt: who placed it and each person's subtotal (people with items, in the order they added them); null for an order of one",
    }),
  courier: z
    .object({ id, firstName: z.string() })
    .nullable()
    .meta({ description: "The Nosh courier delivering it, from assigned on (docs/architecture/couriers.md); else null" }),
  delivery: orderDeliverySchema
    .nullable()
    .meta({ description: "The delivery job: null for a pickup order, or before the restaurant accepted it (or when it had no coordinates)" }),
});
export type OrderJson = z.infer<typeof orderSchema>;

/** An order as its restaurant's owner sees it: plus the first name the kitchen calls out. */
export const incomingOrderSchema = orderSchema.extend({ customer: z.object({ firstName: z.string() }) });
export type IncomingOrderJson = z.infer<typeof incomingOrderSchema>;

export const reorderSchema = z.object({
  order: orderSchema,
  changes: z.object({
    unavailable: z.array(z.string()).meta({ description: "Names of the lines that could not be ordered again" }),
    repriced: z.array(z.object({ name: z.string(), was: money, now: money })).meta({
      description: "Lines whose price changed since the past order: was and now in dollars",
    }),
    choices: z.array(z.object({ menuItemId: id, name: z.string(), message: z.string(), added: z.boolean() })).meta({
      description:
        "Lines whose choices changed: an option removed or sold out today, a group added, instructions no longer taken. added false: the line was left out, choose again; true: added without what message names",
    }),
  }),
});
export type ReorderJson = z.infer<typeof reorderSchema>;

export const reviewSchema = z.object({
  id,
  review: z.string(),
  orderRating: z.number().int().min(1).max(5),
  restaurantRating: z.number().int().min(1).max(5),
  restaurantId: id,
  restaurantName: z.string(),
  orderId: id,
  userId: id,
  createdAt: instant,
  updatedAt: instant,
  firstName: z.string().meta({ description: "The author's first name, for display" }),
  hidden: z
    .object({ at: instant, reason: z.string() })
    .nullable()
    .optional()
    .meta({ description: "Set when a Nosh operator hid the review (shown to its author and the restaurant's owner only), with the reason" }),
});
export type ReviewJson = z.infer<typeof reviewSchema>;

export const walletTransactionSchema = z.object({
  id,
  kind: stored(["signup", "topup", "payment", "refund", "deduct", "earning"], "earning: a courier's pay for a delivery"),
  amount: money.meta({ description: "Dollars; negative when money left the wallet" }),
  balanceAfter: money,
  orderId: id.nullable(),
  restaurantName: z.string().nullable(),
  createdAt: instant,
});
export type WalletTransactionJson = z.infer<typeof walletTransactionSchema>;

// Group orders (docs/architecture/group-orders.md "Group orders").
const groupLineSchema = z.object({
  id,
  participantId: id,
  participantName: z.string(),
  mine: z.boolean().meta({ description: "The caller added it (and may change it)" }),
  menuItemId: id,
  name: z.string(),
  quantity: z.number().int().min(1).max(20),
  unitPrice: money.meta({ description: "Today's unit price: the dish's price plus its chosen options' deltas" }),
  options: z.array(z.object({ name: z.string(), priceDelta: money })),
  instructions: z.string().nullable(),
  lineTotal: money,
});

export const groupSchema = z.object({
  token: z.string().meta({ description: "The capability: whoever has it (and signs in) can read and join while the group is open or locked" }),
  status: stored(["open", "locked", "placed", "canceled"]),
  restaurant: z.object({ id, name: z.string(), storeImage: z.string() }),
  host: z.object({ name: z.string() }),
  you: z.object({ participantId: id.nullable().meta({ description: "Null until the caller joins" }), isHost: z.boolean() }),
  deadline: instant.nullable().meta({ description: "After it participants can no longer change their items (the host still can)" }),
  expiresAt: instant.meta({ description: "Created + 24 h: the link stops working (participants of a placed group can still read it)" }),
  version: z.number().int().positive().meta({ description: "Bumped by every change: poll with ?since=<version> (204 while unchanged)" }),
  lockedAt: instant.nullable(),
  participants: z.array(z.object({ id, displayName: z.string(), isHost: z.boolean(), subtotal: money, lineCount: z.number().int().min(0) })),
  lines: z.array(groupLineSchema),
  subtotal: money,
  order: orderSchema.nullable().meta({ description: "The placed order (the host's), once checked out: participants follow it here" }),
});
export type GroupJson = z.infer<typeof groupSchema>;

export const groupCheckoutSchema = z.object({ order: orderSchema, group: groupSchema });
export type GroupCheckoutJson = z.infer<typeof groupCheckoutSchema>;

// A customer's own data (docs/architecture/security.md "Customers own their data").
export const favouriteSchema = z.object({
  menuItemId: id,
  name: z.string(),
  restaurantId: id,
  restaurantName: z.string(),
  likedAt: instant,
});
export type FavouriteJson = z.infer<typeof favouriteSchema>;

export const dataExportSchema = z.object({
  exportedAt: instant,
  profile: userSchema.extend({ createdAt: instant }),
  orders: z.array(orderSchema).meta({ description: "Every order, oldest first, with its lines and their chosen options" }),
  reviews: z.array(reviewSchema),
  favourites: z.array(favouriteSchema),
  problemReports: z.array(problemSchema).meta({ description: "Every problem report the customer sent, oldest first, with its decision and refund" }),
  notifications: z.array(exportedNotificationSchema).meta({ description: "Every notification written for the customer, oldest first: in the app, by email and by push" }),
  pushSubscriptions: z.array(exportedPushSubscriptionSchema).meta({ description: "The devices push notifications are turned on for" }),
  walletStatement: z.array(walletTransactionSchema).meta({ description: "Every ledger row, oldest first" }),
});
export type DataExportJson = z.infer<typeof dataExportSchema>;

/** A courier's job (docs/architecture/couriers.md "API"). */
export const jobSchema = z.object({
  id,
  orderId: id,
  state: z.enum(JOB_STATES),
  offerExpiresAt: instant.nullable().meta({ description: "While offered: when the offer runs out" }),
  offerExpiresInMs: z.number().int().min(0).nullable().meta({
    description: "While offered: the milliseconds left when this answer was made (a client counts down from it by its own clock's elapsed time, whatever its clock says)",
  }),
  pay: money,
  itemsCount: z.number().int(),
  restaurant: z.object({ id: id.nullable(), name: z.string(), address: z.string(), lat: z.number(), lng: z.number() }),
  dropoff: z
    .union([
      z.object({ address: z.string(), lat: z.number(), lng: z.number(), instructions: z.string().nullable(), customerFirstName: z.string(), leaveAtDoor: z.boolean() }),
      z.object({
        area: z.string().meta({ description: "The place and ZIP, e.g. Fairbanks, AK 99701" }),
        tripKm: z.number().meta({ description: "Restaurant to drop-off, to the half km" }),
      }),
    ])
    .meta({
      description: "Once accepted (assigned on): the whole drop-off. While offered: its area and the trip's length only (no address, point, name or instructions)",
    }),
  distanceKm: z.number().nullable().meta({ description: "From the courier's position to the next stop; null without a position" }),
  flagged: z.boolean().meta({ description: "A step was taken away from its stop: an operator checks the delivery before its pay is released" }),
});
export const jobAnswerSchema = z.object({ job: jobSchema });
export const jobsSchema = z.object({ jobs: z.array(jobSchema).meta({ description: "The courier's open offer and the jobs they hold" }) });
export const courierSummarySchema = z.object({
  courier: z.object({
    id,
    firstName: z.string(),
    onShift: z.boolean(),
    position: z.object({ lat: z.number(), lng: z.number(), at: instant }).nullable(),
    activeJobs: z.number().int(),
    maxJobs: z.number().int(),
    offersPaused: z
      .boolean()
      .meta({ description: 'They let 3 offers run out in a row: none reach them until they tap "I\'m here" (PUT /api/courier/shift { onShift: true })' }),
  }),
  today: z.object({ deliveries: z.number().int(), earnings: money }),
});
export const shiftSchema = z.object({ onShift: z.boolean() });
/** A message between an order's customer and its courier (docs/architecture/couriers.md "Messages"): who sent it by role, never a phone or an email. */
export const deliveryMessageSchema = z.object({
  id,
  sender: z.enum(["customer", "courier"]),
  mine: z.boolean().meta({ description: "The caller sent it" }),
  body: z.string(),
  at: instant,
});
export const deliveryMessageAnswerSchema = z.object({ message: deliveryMessageSchema });
export const messageThreadSchema = z.object({
  messages: z.array(deliveryMessageSchema).meta({ description: "Oldest first" }),
  open: z.boolean().meta({ description: "A message may be sent now (the job is held and not over; never for an operator)" }),
  closedReason: z.string().nullable().meta({ description: "Why not, when no courier holds the job yet or the delivery ended" }),
});
export const positionAnswerSchema = z.object({ accepted: z.number().int(), dropped: z.number().int() });
export const nearbyCouriersSchema = z.object({
  couriers: z.array(
    z.object({
      id,
      firstName: z.string(),
      distance: z.enum(COURIER_DISTANCE_BANDS).meta({ description: "A band measured from the courier's ~1 km grid cell, never a figure" }),
      activeJobs: z.number().int(),
      state: z.enum(["free", "offered", "busy", "paused"]).meta({ description: "free, an offer open, holding jobs, or paused after letting offers run out" }),
    }),
  ),
});
export const assignAnswerSchema = z.object({ order: incomingOrderSchema });

/** A payout of a restaurant's or a courier's earnings (docs/architecture/ledger.md "Payouts"). */
export const payoutSchema = z.object({
  id,
  reference: z.string().meta({ description: "PO-YYYYMMDD-XXXXXX" }),
  amount: money,
  state: z.enum(["pending", "paid", "failed"]),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
const earningsHead = {
  available: money.meta({ description: "Dollars that may be paid out now: the balance less the earnings still pending" }),
  pendingEarnings: z
    .array(
      z.object({
        orderId: id,
        amount: money,
        availableAt: z.string().meta({ description: "When this order's earnings become available: its problem report window closed" }),
        openReport: z.boolean().meta({ description: "Held while a problem report on the order is open, whatever the window (issue 59)" }),
      }),
    )
    .meta({ description: "Delivered orders' earnings still pending (issue 49), soonest first" }),
  promotional: money.meta({ description: "Earned on orders paid with promotional credit (the demo's wallet money): never paid out (issue 59)" }),
  owed: money.meta({ description: "A refund clawed back after a payout left the balance below zero by this much: later earnings repay it before any payout" }),
  inFlight: payoutSchema.nullable().meta({ description: "The payout on its way, if any (at most one)" }),
  payouts: z.array(payoutSchema),
};
/** A restaurant's weekly payout day (issue 52 item 7), or null for none. */
export const payoutScheduleSchema = z
  .object({ weekday: z.enum(WEEKDAYS).meta({ description: "The day of the week, in the restaurant's zone" }) })
  .nullable()
  .meta({ description: "The weekly payout: on this day the available balance is paid out as Pay out does; null: none" });
export const restaurantPayoutsSchema = z.object({
  ...earningsHead,
  schedule: payoutScheduleSchema,
  pending: money.meta({ description: "The restaurant's share of its paid orders not yet delivered, and of delivered orders whose report window is still open" }),
  range: z.object({ from: z.string(), to: z.string() }),
  entries: z.array(
    z.object({
      at: z.string(),
      day: z.string(),
      kind: z.enum(["order", "refund", "payout"]),
      orderId: id.nullable(),
      reference: z.string().nullable(),
      gross: money.meta({ description: "An order's gross; a refund's: the amount given back" }),
      commission: money,
      commissionRate: z.number().nullable().meta({ description: "The order's commission rate in percent (orders only)" }),
      discount: money,
      net: money,
      tax: money.meta({
        description: "Sales tax the customer paid on the order (orders only; issue 59 item 6): collected by Nosh for the state, in neither gross nor net",
      }),
      reason: z.string().nullable().meta({ description: 'A refund\'s reason: "Problem report #12: 1 × Fries (missing)", or the order refunded in full' }),
    }),
  ),
});
export const courierEarningsSchema = z.object({
  ...earningsHead,
  pending: money.meta({ description: "The pay of the jobs held, not yet delivered, and of deliveries whose report window is still open" }),
  entries: z.array(
    z.object({
      at: z.string(),
      day: z.string(),
      kind: z.enum(["delivery", "refund", "payout"]),
      orderId: id.nullable(),
      restaurantName: z.string().nullable(),
      reference: z.string().nullable(),
      amount: money,
    }),
  ),
  days: z.array(z.object({ day: z.string(), deliveries: z.number().int(), earnings: money })),
  timeZone: z
    .string()
    .meta({ description: "The zone of the city the courier delivers in (their newest job's restaurant's, IANA): the days' zone, and the one the app shows times in" }),
});
