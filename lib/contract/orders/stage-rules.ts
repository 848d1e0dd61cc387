import { z } from "zod";
import { PREP_CHANGE, PREP_MINUTES, REJECTION_REASONS } from "@/lib/shared/orders/order-stages";
import { freeText } from "../common/field-rules";
import { said, word } from "@/lib/shared/words/said";

export const ORDER_STAGE_SAID = {
  stage: said("rules.orderStage.stage"),
  prepMinutes: said("rules.common.wholeFrom", { field: "prepMinutes", min: PREP_MINUTES.min, max: PREP_MINUTES.max }),
  reason: said("rules.orderStage.reason"),
  note: said("rules.common.atMost", { field: word("note"), count: "200" }),
  soldOut: said("rules.orderStage.soldOut"),
} as const;
const M = ORDER_STAGE_SAID;
export const NOTE_MAX = 200;

export const orderStageSchema = z.discriminatedUnion(
  "stage",
  [
    z.object({
      stage: z.literal("accepted"),
      prepMinutes: z.number({ error: M.prepMinutes }).int(M.prepMinutes).min(PREP_MINUTES.min, M.prepMinutes).max(PREP_MINUTES.max, M.prepMinutes),
    }),
    z
      .object({
        stage: z.literal("rejected"),
        reason: z.enum(REJECTION_REASONS, { error: M.reason }),
        note: freeText(word("note")).max(NOTE_MAX, M.note).optional(),
        // Out of stock: these dishes of the order are marked sold out until the next opening (docs/architecture/kitchen.md).
        soldOut: z
          .array(z.number({ error: M.soldOut }).int(M.soldOut).positive(M.soldOut).max(2_147_483_647, M.soldOut), { error: M.soldOut })
          .max(50, M.soldOut)
          .optional(),
      })
      .refine((input) => !input.soldOut?.length || input.reason === "out_of_stock", { message: M.soldOut, path: ["soldOut"] }),
    z.object({ stage: z.literal("ready") }),
    z.object({ stage: z.literal("out_for_delivery") }),
    z.object({ stage: z.literal("delivered") }),
  ],
  { error: M.stage },
);
export type OrderStageInput = z.output<typeof orderStageSchema>;

/** POST /api/manage/{id}/orders/{orderId}/prep: more preparation time for an accepted order (the board's +5 / +10). */
export const PREP_CHANGE_MESSAGE = said("rules.orderStage.addMinutes");
export const prepChangeSchema = z.object({
  addMinutes: z.union(
    PREP_CHANGE.steps.map((step) => z.literal(step, { error: PREP_CHANGE_MESSAGE })),
    { error: PREP_CHANGE_MESSAGE },
  ),
});
