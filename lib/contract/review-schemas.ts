import { z } from "zod";
import { id, instant } from "./common-schemas";

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
