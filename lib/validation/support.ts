import { z } from "zod";
import { SUPPORT_MESSAGE, SUPPORT_TOPICS } from "@/lib/shared/support";
import { idNumber } from "./id";

// The contact form (POST /api/support/tickets) and an operator's reply (POST /api/admin/support/replies),
// docs/architecture/help.md.

export const SUPPORT_MESSAGES = {
  topic: "Choose what your message is about",
  message: `Tell us what happened in ${SUPPORT_MESSAGE.min} to ${SUPPORT_MESSAGE.max.toLocaleString("en-US")} characters`,
  reply: `Write a reply of at most ${SUPPORT_MESSAGE.max.toLocaleString("en-US")} characters`,
} as const;
const M = SUPPORT_MESSAGES;

export const supportTicketSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: M.topic }),
  orderId: idNumber("orderId").nullish(),
  message: z.string({ error: M.message }).trim().min(SUPPORT_MESSAGE.min, M.message).max(SUPPORT_MESSAGE.max, M.message),
});
export type SupportTicketInput = z.output<typeof supportTicketSchema>;

/** POST /api/orders/{id}/support: a message about the order in the path, with its help link's token (lib/server/support/order-access.ts). */
export const orderTicketSchema = supportTicketSchema.omit({ orderId: true }).extend({
  token: z.string({ error: "token must be the order's help link token" }).max(100, "token must be the order's help link token"),
});
export type OrderTicketInput = z.output<typeof orderTicketSchema>;

export const supportReplySchema = z.object({
  ticketId: idNumber("ticketId"),
  body: z.string({ error: M.reply }).trim().min(1, M.reply).max(SUPPORT_MESSAGE.max, M.reply),
});
export type SupportReplyInput = z.output<typeof supportReplySchema>;
