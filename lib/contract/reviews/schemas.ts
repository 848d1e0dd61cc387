import { z } from "zod";
import { id, instant } from "../common/schemas";

/** The restaurant owner's public reply. */
export const reviewReplySchema = z.object({
  text: z.string(),
  createdAt: instant,
  updatedAt: instant,
  hidden: z
    .object({ at: instant, reason: z.string() })
    .nullable()
    .meta({ description: "Set when a Nosh operator hid the reply (then shown to the restaurant's owner only), with the reason" }),
});
export type ReviewReplyJson = z.infer<typeof reviewReplySchema>;

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
  reply: reviewReplySchema.nullable().meta({ description: "The restaurant owner's public reply, null when none (or hidden, to anyone but the owner)" }),
});
export type ReviewJson = z.infer<typeof reviewSchema>;
