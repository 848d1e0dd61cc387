import { z } from "zod";
import { COURIER_RATING_NOTE_MAX, COURIER_RATING_REASON_VALUES } from "@/lib/shared/courier-rating";
import { freeText } from "./fields";

// PUT /api/orders/{id}/courier-rating: thumbs up or down, a reason from the
// fixed list required on down, optional words with it.

export const COURIER_RATING_MESSAGES = {
  thumbs: 'thumbs must be "up" or "down"',
  reason: `reason must be one of: ${COURIER_RATING_REASON_VALUES.join(", ")}`,
  reasonRequired: "Pick what went wrong",
  note: `note must be at most ${COURIER_RATING_NOTE_MAX} characters`,
} as const;

export const courierRatingSchema = z
  .object({
    thumbs: z.enum(["up", "down"], { error: COURIER_RATING_MESSAGES.thumbs }),
    reason: z.enum(COURIER_RATING_REASON_VALUES, { error: COURIER_RATING_MESSAGES.reason }).nullish(),
    note: freeText("note", { multiline: true }).pipe(z.string().max(COURIER_RATING_NOTE_MAX, COURIER_RATING_MESSAGES.note)).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.thumbs === "down" && !input.reason) ctx.addIssue({ code: "custom", message: COURIER_RATING_MESSAGES.reasonRequired, path: ["reason"] });
  });
export type CourierRatingInput = z.output<typeof courierRatingSchema>;
