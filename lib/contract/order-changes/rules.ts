import { z } from "zod";
import { CHANGE_ANSWERS } from "@/lib/shared/orders/accepted-order-changes";
import { idNumber } from "../common/id-rules";
import { lineChoiceFields } from "../menu/option-rules";
import { said } from "@/lib/shared/words/said";

// Changing an accepted order: the kitchen marks a line unavailable, the customer answers.

export const ORDER_CHANGE_SAID = {
  quantity: said("messages.quantity"),
} as const;

/** POST /api/manage/{id}/orders/{orderId}/changes. */
export const markUnavailableSchema = z.object({
  orderItemId: idNumber("orderItemId"),
  quantity: z.number({ error: ORDER_CHANGE_SAID.quantity }).int(ORDER_CHANGE_SAID.quantity).min(1, ORDER_CHANGE_SAID.quantity).max(99, ORDER_CHANGE_SAID.quantity),
  replacementId: idNumber("replacementId").optional(),
});

/** PUT /api/orders/{id}/changes/{changeId}: `replace` may carry the replacement's `options`. */
export const answerChangeSchema = z.object({
  answer: z.enum(CHANGE_ANSWERS, { error: said("rules.orderChanges.answer") }),
  /** The replacement's chosen options (option ids), checked against the dish as a cart line's are. */
  options: lineChoiceFields.options,
});
