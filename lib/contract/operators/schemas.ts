import { z } from "zod";
import { reviewReplySchema } from "../reviews/schemas";
import { storedFlags, storedReason } from "../common/schemas";

// The operator console's answers (/api/admin/*, docs/architecture/operator.md), beside the
// other lib/contract/*/schemas.ts: the shapes of lib/server/operators/*'s JSON types.

const id = z.number().int().positive();
const instant = z.iso.datetime();
const money = z.number().meta({ description: "Dollars, at most two decimals" });
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), hasMore: z.boolean(), nextOffset: z.number().int().nullable().meta({ description: "The next page's offset, or null" }) });
const why = z.object({ at: instant, reason: z.string() });

export const dashboardSchema = z.object({
  tiles: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      value: z.number().int().min(0),
      href: z.string().meta({ description: "The console page listing what the figure counts" }),
      parts: z.array(z.object({ label: z.string(), value: z.number().int().min(0), href: z.string() })).optional(),
    }),
  ),
  at: instant,
});

const attention = z
  .object({ reason: z.string().meta({ example: "Out for delivery with no courier" }), since: instant.meta({ description: "When it entered its stage" }) })
  .nullable()
  .meta({ description: "Why it needs an operator (out or ready too long with no courier), or null" });

export const operatorOrderSchema = z.object({
  id,
  restaurantId: id.nullable(),
  restaurantName: z.string(),
  customerId: id,
  customerName: z.string(),
  stage: z.string().nullable(),
  status: z.string(),
  total: money,
  currency: z.string().meta({ description: "ISO 4217 code of `total` (the order's market's)" }),
  submittedAt: instant.nullable(),
  attention,
});

/** GET /api/admin/orders/{id}: one order, its timeline, delivery and money. */
export const operatorOrderDetailSchema = z.object({
  id,
  stage: z.string(),
  status: z.string(),
  restaurant: z.object({ id: id.nullable(), name: z.string() }),
  customer: z.object({ id, name: z.string(), email: z.string().nullable() }),
  pickup: z.boolean(),
  paymentMethod: z.string().nullable(),
  submittedAt: instant.nullable(),
  closedAt: instant.nullable(),
  rejectionReason: z.string().nullable(),
  rejection: storedReason.nullable(),
  attention,
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: money })),
  currency: z.string().meta({ description: "ISO 4217 code of every amount (the order's market's)" }),
  amounts: z.object({ subtotal: money, deliveryFee: money, serviceFee: money, tip: money, discount: money, tax: money, total: money }),
  timeline: z.array(z.object({ stage: z.string().meta({ description: "An order stage or a delivery event" }), at: instant })),
  delivery: z
    .object({
      id,
      state: z.string(),
      courier: z.object({ id, name: z.string() }).nullable(),
      pay: money,
      flagReason: z.string().nullable(),
      flags: storedFlags.nullable(),
      payDecision: z.enum(["approved", "refused"]).nullable(),
      calls: z
        .array(
          z.object({
            kind: z.enum(["call", "text"]),
            from: z.enum(["customer", "courier"]),
            status: z.string().meta({ description: "connected, then the provider's: completed, busy, no-answer, failed, canceled" }),
            seconds: z.number().int().nullable().meta({ description: "A call's length, from the provider's status callback; null until it ends" }),
            at: instant,
          }),
        )
        .meta({ description: "Calls and texts through the delivery's relay number: never a number or the words" }),
    })
    .nullable(),
  payments: z.array(z.object({ id, card: z.string(), state: z.string(), amount: money, captured: money, refunded: money })),
  ledger: z.array(
    z.object({
      id,
      kind: z.string(),
      key: z.string().nullable(),
      at: instant,
      lines: z.array(z.object({ account: z.string(), amount: money.meta({ description: "Signed: + credits the account" }) })),
    }),
  ),
  refundable: money.meta({ description: "What the customer paid on the order less what went back to them (a disputed charge's bank return included)" }),
  dispute: z
    .object({
      id,
      status: z.enum(["needs_response", "under_review", "won", "lost"]),
      amount: money.meta({ description: "What the cardholder disputed" }),
      withdrawn: money.meta({ description: "What the bank holds back from the charge now (0 once won)" }),
      absorbed: z.boolean().meta({ description: "Nosh paid the restaurant the amount back" }),
    })
    .nullable()
    .meta({ description: "The card charge's dispute with its bank, else null: while open or lost, no refund goes back to the card" }),
  can: z.object({ refund: z.boolean(), cancel: z.boolean(), reassign: z.boolean() }),
});

export const operatorRestaurantSchema = z.object({
  id,
  name: z.string(),
  city: z.string(),
  state: z.string(),
  cuisineType: z.string(),
  owner: z.object({ id, name: z.string(), email: z.string().nullable() }),
  status: z.enum(["taking", "closed", "suspended"]),
  suspendedAt: instant.nullable(),
  suspensionReason: z.string().nullable(),
  commissionPercent: z.number().int().min(0).max(100).nullable().meta({ description: "The override, or null: `defaultCommissionPercent` applies" }),
  defaultCommissionPercent: z.number(),
  rating: z.number().nullable(),
  numReviews: z.number().int().min(0),
});

export const operatorReviewSchema = z.object({
  id,
  review: z.string(),
  orderRating: z.number().int(),
  restaurantRating: z.number().int(),
  orderId: id,
  restaurant: z.object({ id, name: z.string() }),
  author: z.object({ id, firstName: z.string(), email: z.string().nullable() }),
  createdAt: instant,
  hidden: why.nullable(),
  reply: reviewReplySchema.nullable().meta({ description: "The restaurant owner's reply, null when none; `hidden` set when an operator hid it" }),
});

export const operatorCourierSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  status: z.enum(["applied", "approved", "suspended"]),
  onShift: z.boolean(),
  activeJobs: z.number().int().min(0),
  releasePause: z
    .object({ until: instant, releases: z.number().int().min(0) })
    .nullable()
    .meta({ description: "No offers until `until`: they gave back `releases` accepted jobs within an hour, more than COURIER_RELEASES_PER_HOUR" }),
  createdAt: instant,
});

export const operatorDeliverySchema = z.object({
  id,
  orderId: id,
  state: z.string(),
  courier: z.object({ id, name: z.string() }).nullable(),
  pay: money,
  flaggedAt: instant.nullable().meta({ description: "When a step was first taken away from its stop" }),
  flagReason: z.string().nullable().meta({ description: "Each flagged step, e.g. delivered 1480 m from the drop-off (position accuracy 8 m)" }),
  flags: storedFlags.nullable(),
  payDecision: z.enum(["approved", "refused"]).nullable().meta({ description: "Null while a flagged delivery's pay waits" }),
  failureReason: z.string().nullable().meta({ description: "What the customer read" }),
  failure: storedReason.nullable().meta({ description: "`failureReason` as the catalogue's key, for a screen to write in its reader's language" }),
  failureNote: z.string().nullable().meta({ description: "The courier's own words: operators only" }),
  closedAt: instant.nullable(),
});

export const operatorUserSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  roles: z.array(z.string()),
  wallet: money,
  suspended: why.nullable(),
  createdAt: instant,
});

export const operatorUserDetailSchema = z.object({
  user: operatorUserSchema,
  orders: z.array(z.object({ id, restaurantName: z.string(), stage: z.string().nullable(), status: z.string(), total: money, currency: z.string(), createdAt: instant })),
  walletTransactions: z.array(z.object({ id, kind: z.string(), amount: money, balanceAfter: money, orderId: id.nullable(), createdAt: instant, currency: z.string() })),
});

export const auditEntrySchema = z.object({
  id,
  at: instant,
  operator: z.object({ id, name: z.string() }).nullable().meta({ description: "Null: the command line (npm run operator)" }),
  action: z.string().meta({ description: "e.g. restaurant.suspend, review.hide, courier.approve, user.suspend" }),
  targetType: z.string(),
  targetId: z.number().int(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const operatorOrdersPageSchema = paged(operatorOrderSchema);
export const operatorRestaurantsPageSchema = paged(operatorRestaurantSchema);
export const operatorReviewsPageSchema = paged(operatorReviewSchema);
export const operatorCouriersPageSchema = paged(operatorCourierSchema);
export const operatorDeliveriesPageSchema = paged(operatorDeliverySchema);
export const operatorUsersPageSchema = paged(operatorUserSchema);
export const auditPageSchema = paged(auditEntrySchema);
export const courierApplicationSchema = z.object({ courierStatus: z.literal("applied") });

// Sales tax (lib/server/tax/): the operators' rates and report.
export const taxRateSchema = z.object({
  id,
  state: z.string().meta({ example: "CA" }),
  zipPrefix: z.string().meta({ description: "Up to 5 digits; empty: the whole state", example: "941" }),
  jurisdiction: z.string().meta({ example: "CA 941" }),
  rate: z.number().meta({ description: "Percent, up to three decimals", example: 8.625 }),
  rateLabel: z.string().meta({ example: "8.625%" }),
  taxesFees: z.boolean().meta({ description: "Whether the delivery, priority and service fees are taxed too (items always are)" }),
  effectiveOn: z.string().meta({ description: "YYYY-MM-DD: the first day (the restaurant's) the rate applies" }),
  status: z.enum(["current", "scheduled", "replaced"]).meta({ description: "current: in effect today; scheduled: from a later day; replaced: history" }),
  createdAt: instant,
});
export const taxRatesPageSchema = paged(taxRateSchema);
const taxFigures = {
  orders: z.number().int().min(0).meta({ description: "Orders whose tax was collected in the period" }),
  taxableSales: money.meta({ description: "Those orders' item sales (subtotal less discount)" }),
  collected: money.meta({ description: "Tax the ledger's tax payable account took in (at each order's delivery)" }),
  refunded: money.meta({ description: "Tax given back by refunds in the period" }),
  net: money.meta({ description: "collected - refunded: owed for the period" }),
};
export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string().meta({ description: "The zone of the period's days (the market's)" }),
  currency: z.string().meta({ description: "The market's currency (query `market`, the default one's when not given): every amount is in its major unit" }),
  rows: z.array(z.object({ jurisdiction: z.string(), ...taxFigures })),
  total: z.object(taxFigures),
});
