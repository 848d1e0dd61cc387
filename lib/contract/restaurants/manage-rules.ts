import { z } from "zod";
import { pagingSchema } from "./browse-rules";
import { said } from "@/lib/shared/words/said";

// Owner endpoints' small inputs: the delete kind, an incoming order's new status, menu paging.

/** DELETE /api/manage/{id}?type=soft|hard: soft deactivates, hard removes. No default. */
export const deleteRestaurantQuerySchema = z.object({
  type: z.enum(["soft", "hard"], { error: said("rules.manage.type") }),
});

export const CLOSE_ORDER_STATUSES = ["Completed", "Canceled"] as const;
export type CloseOrderStatus = (typeof CLOSE_ORDER_STATUSES)[number];

/** PUT /api/manage/{id}/orders/{orderId} { status }. */
export const closeOrderSchema = z.object({
  status: z.enum(CLOSE_ORDER_STATUSES, { error: said("rules.manage.status") }),
});

/** An owner's menu comes whole unless the caller pages it: without `limit` every dish, with it that page (1-100). */
export const ownerMenuQuerySchema = pagingSchema.extend({
  limit: pagingSchema.shape.limit.unwrap().unwrap().optional(),
});
export type OwnerMenuQuery = z.output<typeof ownerMenuQuerySchema>;
