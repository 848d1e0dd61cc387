import { z } from "zod";
import { ORDER_STAGES } from "@/lib/shared/orders/order-stages";
import { pagingSchema } from "../restaurants/browse-rules";
import { idText } from "../common/id-rules";
import { freeText, requiredText } from "../common/field-rules";
import { dollars } from "../orders/checkout-rules";
import { OVERRIDE_MIN } from "@/lib/shared/delivery/courier-record";
import { said } from "@/lib/shared/words/said";
export const ADMIN_SAID = {
  reason: said("rules.operator.reason"),
  reasonLength: said("rules.common.atMost", { field: "reason", count: "500" }),
  action: said("rules.operator.action"),
  commissionPercent: said("rules.operator.commission"),
  status: said("rules.operator.status"),
  q: said("rules.common.atMost", { field: "q", count: "100" }),
} as const;
const M = ADMIN_SAID;

const reason = requiredText("reason", M.reason).pipe(z.string().max(500, M.reasonLength));
const action = <T extends readonly [string, ...string[]]>(actions: T) => z.enum(actions, { error: M.action });

/** POST /api/admin/restaurants/{id}: suspend, restore or set the commission (null: the default). */
export const restaurantActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("suspend"), reason }),
    z.object({ action: z.literal("restore"), reason }),
    z.object({
      action: z.literal("commission"),
      reason,
      commissionPercent: z.number({ error: M.commissionPercent }).int(M.commissionPercent).min(0, M.commissionPercent).max(100, M.commissionPercent).nullable(),
    }),
  ],
  { error: M.action },
);
export type RestaurantAction = z.output<typeof restaurantActionSchema>;

/** POST /api/admin/reviews/{id}: hide or restore. */
export const reviewActionSchema = z.object({ action: action(["hide", "restore"] as const), reason });
/**
 * POST /api/admin/couriers/{id}: approve or refuse an application, warn or suspend a courier, or
 * restore a suspended one. A suspension needs a warning and a new fault after it, else `override`:
 * why it goes ahead anyway, which the courier reads (`safety` marks it a safety report).
 */
export const courierActionSchema = z.object({
  action: action(["approve", "refuse", "warn", "suspend", "restore"] as const),
  reason,
  safety: z.boolean({ error: said("rules.common.trueOrFalse", { field: "safety" }) }).optional(),
  override: freeText("override", { multiline: true })
    .pipe(z.string().min(OVERRIDE_MIN, said("rules.courierRecord.override")).max(500, said("rules.courierRecord.override")))
    .optional(),
});
/** POST /api/admin/deliveries/{id}: a flagged delivery's pay, to the courier (approve) or back to the customer (refuse). */
export const deliveryActionSchema = z.object({ action: action(["approve", "refuse"] as const), reason });
/**
 * POST /api/admin/orders/{id}: `refund` part of what the customer paid (`amount` in dollars; the
 * restaurant gives it back, or Nosh when `nosh` is true), `cancel` an open order (a full refund),
 * or `reassign` its delivery (the courier who holds it is freed and the job offered again).
 */
export const orderActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("refund"),
      reason,
      amount: dollars("amount", { min: 0, max: 1_000_000 }),
      nosh: z.boolean({ error: said("rules.common.trueOrFalse", { field: "nosh" }) }).optional(),
    }),
    z.object({ action: z.literal("cancel"), reason }),
    z.object({ action: z.literal("reassign"), reason }),
  ],
  { error: M.action },
);
export type OrderAction = z.output<typeof orderActionSchema>;
/** POST /api/admin/users/{id}: suspend or restore sign-in. */
export const userActionSchema = z.object({ action: action(["suspend", "restore"] as const), reason });

const search = freeText("q").pipe(z.string().max(100, M.q)).optional();
const status = <T extends readonly [string, ...string[]]>(statuses: T) => z.enum(statuses, { error: M.status }).optional();

export const RESTAURANT_STATUSES = ["taking", "closed", "suspended"] as const;
export const REVIEW_STATUSES = ["visible", "hidden"] as const;
export const COURIER_STATUSES = ["applied", "approved", "suspended"] as const;
export const DELIVERY_STATUSES = ["flagged", "failed"] as const;

export const operatorRestaurantsQuerySchema = pagingSchema.extend({ q: search, status: status(RESTAURANT_STATUSES) });
export const operatorReviewsQuerySchema = pagingSchema.extend({ q: search, status: status(REVIEW_STATUSES) });
export const operatorCouriersQuerySchema = pagingSchema.extend({ q: search, status: status(COURIER_STATUSES) });
export const operatorDeliveriesQuerySchema = pagingSchema.extend({ status: status(DELIVERY_STATUSES) });
/** Users: `q` an email or phone number (or part of one), or a name. */
export const operatorUsersQuerySchema = pagingSchema.extend({ q: search });
export const operatorAuditQuerySchema = pagingSchema.extend({
  targetType: z.string().max(40).optional(),
  targetId: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
});
export const operatorUserDetailQuerySchema = pagingSchema;
/**
 * Orders: `q` (an order number, a customer's email or name, a restaurant's name), a stage (or
 * "open": every open stage), a restaurant, `attention=1` (out or ready with no courier too long), and `since=hour`.
 */
export const operatorOrdersQuerySchema = pagingSchema.extend({
  q: search,
  stage: z.enum([...ORDER_STAGES, "open"], { error: M.status }).optional(),
  restaurantId: idText("restaurantId").optional(),
  attention: z.enum(["1"], { error: said("rules.operator.attention") }).optional(),
  since: z.enum(["hour"], { error: said("rules.operator.since") }).optional(),
  /** One order, as the courier ratings' list links it. */
  id: idText("id").optional(),
});

export type OperatorRestaurantsQuery = z.output<typeof operatorRestaurantsQuerySchema>;
export type OperatorReviewsQuery = z.output<typeof operatorReviewsQuerySchema>;
export type OperatorCouriersQuery = z.output<typeof operatorCouriersQuerySchema>;
export type OperatorUsersQuery = z.output<typeof operatorUsersQuerySchema>;
export type OperatorDeliveriesQuery = z.output<typeof operatorDeliveriesQuerySchema>;
export type OperatorOrdersQuery = z.output<typeof operatorOrdersQuerySchema>;
export type OperatorAuditQuery = z.output<typeof operatorAuditQuerySchema>;
