import { z } from "zod";
import { SUPPORT_MESSAGE, SUPPORT_TOPICS } from "@/lib/shared/people/support";
import { idNumber } from "../common/id-rules";
import { said } from "@/lib/shared/words/said";
export const SUPPORT_SAID = {
  topic: said("rules.support.topic"),
  message: said("rules.support.message", { min: SUPPORT_MESSAGE.min, max: SUPPORT_MESSAGE.max.toLocaleString("en-US") }),
  reply: said("rules.support.reply", { max: SUPPORT_MESSAGE.max.toLocaleString("en-US") }),
} as const;
const M = SUPPORT_SAID;

export const supportTicketSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: M.topic }),
  orderId: idNumber("orderId").nullish(),
  message: z.string({ error: M.message }).trim().min(SUPPORT_MESSAGE.min, M.message).max(SUPPORT_MESSAGE.max, M.message),
});
export type SupportTicketInput = z.output<typeof supportTicketSchema>;

/** POST /api/orders/{id}/support: a message about the order in the path, with its help link's token (lib/server/support/order-access.ts). */
export const orderTicketSchema = supportTicketSchema.omit({ orderId: true }).extend({
  token: z.string({ error: said("rules.support.token") }).max(100, said("rules.support.token")),
});
export type OrderTicketInput = z.output<typeof orderTicketSchema>;

export const supportReplySchema = z.object({
  ticketId: idNumber("ticketId"),
  body: z.string({ error: M.reply }).trim().min(1, M.reply).max(SUPPORT_MESSAGE.max, M.reply),
});
export type SupportReplyInput = z.output<typeof supportReplySchema>;
