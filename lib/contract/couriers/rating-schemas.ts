import { z } from "zod";
import { COURIER_RATING_REASON_VALUES, COURIER_RATING_SPAN } from "@/lib/shared/delivery/courier-rating";
import { id, instant } from "../common/schemas";

// Courier ratings (docs/architecture/courier-screens.md "Ratings"): the
// customer's own rating, the courier's figure, and the operators' two lists.

const reason = z.enum(COURIER_RATING_REASON_VALUES);
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), hasMore: z.boolean(), nextOffset: z.number().int().nullable().meta({ description: "The next page's offset, or null" }) });

export const courierRatingAnswerSchema = z.object({
  rating: z.object({
    thumbs: z.enum(["up", "down"]),
    reason: reason.nullable().meta({ description: "Why a thumbs down (null on up)" }),
    note: z.string().nullable().meta({ description: "The customer's own words on a thumbs down (never shown to the courier)" }),
    changeableUntil: instant.meta({ description: "24 hours after delivery: until then it may be changed" }),
  }),
});

/** What a courier reads of their rating: figures and reasons' categories, never who rated or their words. */
export const courierOwnRatingSchema = z
  .object({
    upPercent: z
      .number()
      .int()
      .min(0)
      .max(100)
      .nullable()
      .meta({ description: `The share of thumbs up over the last ${COURIER_RATING_SPAN} rated deliveries, in percent (null before the first)` }),
    count: z
      .number()
      .int()
      .min(0)
      .meta({ description: `Rated deliveries counted (at most ${COURIER_RATING_SPAN})` }),
    downReasons: z.array(z.object({ reason, label: z.string(), count: z.number().int().min(1) })).meta({ description: "The thumbs down among them, by reason" }),
  })
  .meta({ description: "The courier's rating" });

export const lowRatedCourierSchema = z.object({
  id,
  name: z.string(),
  upPercent: z.number().int().min(0).max(100),
  count: z.number().int().min(1),
  down: z.number().int().min(0),
  lastDownOrderId: z.number().int().nullable().meta({ description: "The order of their latest thumbs down (the console links it)" }),
});
export const lowRatedCouriersPageSchema = paged(lowRatedCourierSchema).extend({
  belowPercent: z.number().int().meta({ description: "The threshold applied (COURIER_RATING_ALERT unless `below` is given)" }),
  minRatings: z.number().int().meta({ description: "The fewest ratings a courier needs to be listed (COURIER_RATING_ALERT unless `min` is given)" }),
});

export const thumbsDownSchema = z.object({
  id,
  orderId: id,
  courier: z.object({ id, name: z.string() }),
  reason,
  reasonLabel: z.string(),
  note: z.string().nullable().meta({ description: "The customer's words (null once their account is deleted)" }),
  at: instant,
});
export const thumbsDownPageSchema = paged(thumbsDownSchema);
