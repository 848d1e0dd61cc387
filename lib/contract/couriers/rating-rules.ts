import { z } from "zod";
import { COURIER_RATING_NOTE_MAX, COURIER_RATING_REASON_VALUES } from "@/lib/shared/delivery/courier-rating";
import { freeText } from "../common/field-rules";
import { said } from "@/lib/shared/words/said";

// PUT /api/orders/{id}/courier-rating: thumbs up or down, a reason from the
// fixed list required on down, optional words with it.

export const COURIER_RATING_SAID = {
  reason: said("rules.common.oneOfColon", { field: "reason", list: COURIER_RATING_REASON_VALUES.join(", ") }),
  note: said("rules.common.atMost", { field: "note", count: COURIER_RATING_NOTE_MAX }),
} as const;

export const courierRatingSchema = z
  .object({
    thumbs: z.enum(["up", "down"], { error: said("rules.courierRating.thumbs") }),
    reason: z.enum(COURIER_RATING_REASON_VALUES, { error: COURIER_RATING_SAID.reason }).nullish(),
    note: freeText("note", { multiline: true }).pipe(z.string().max(COURIER_RATING_NOTE_MAX, COURIER_RATING_SAID.note)).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.thumbs === "down" && !input.reason) ctx.addIssue({ code: "custom", message: said("rules.courierRating.reasonRequired"), path: ["reason"] });
  });
export type CourierRatingInput = z.output<typeof courierRatingSchema>;
