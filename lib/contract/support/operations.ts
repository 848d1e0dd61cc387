import { z } from "zod";
import { orderTicketSchema, supportReplySchema, supportTicketSchema } from "@/lib/contract/support/rules";
import { anyone, member, op, operator } from "../define";

// The contact form and the operator's replies (docs/architecture/help.md).
export const supportTicketJsonSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  orderId: z.number().int().nullable(),
  message: z.string(),
  status: z.enum(["open", "answered"]),
  createdAt: z.string(),
  replies: z.array(z.object({ id: z.number().int(), body: z.string(), createdAt: z.string() })),
});

export const supportOperations = [
  op("POST /api/support/tickets", {
    summary:
      "Contact us: a message to Nosh support (about one of the caller's orders when `orderId` names one), in the operators' queue at /admin/support; at most 5 an hour per person",
    access: member,
    body: supportTicketSchema,
    ok: { status: 201, description: "The message, open", schema: z.object({ ticket: supportTicketJsonSchema }) },
    errors: { 403: "A guest account (sign up first)", 429: "Too many messages in the last hour (Retry-After)" },
    fixture: {
      matrix: { body: { topic: "other", message: "Matrix check: please ignore." } },
      fuzz: { valid: { topic: "other", message: "Fuzz check: please ignore." } },
    },
  }),
  op("POST /api/orders/{id}/support", {
    resource: "Support",
    summary:
      "A message to Nosh support about one placed order, without an account: its customer (a guest, signed in or not) sends the token of the order's help link (`/help/contact?order={id}&token=...`, shown on their order page). " +
      "It reaches the operators' queue as the customer's own message about that order, under the same limit of 5 an hour per person",
    access: anyone,
    body: orderTicketSchema,
    ok: { status: 201, description: "The message, open", schema: z.object({ ticket: supportTicketJsonSchema }) },
    errors: { 404: "No such placed order, or a token that is not its own (the same answer for everyone)", 429: "Too many messages in the last hour (Retry-After)" },
    // The matrix's callers hold no order's link: a token not the order's is the same 404 for everyone.
    fixture: {
      matrix: { status: 404, path: { id: "$submittedOrder" }, body: { token: "A".repeat(43), topic: "order", message: "Matrix check: please ignore." } },
      fuzz: { valid: { token: "A".repeat(43), topic: "order", message: "Fuzz check: please ignore." } },
    },
  }),
  op("POST /api/admin/support/replies", {
    summary: "Replies to a support message: the message is answered and its author told in their notifications and by email, with the reply's text; audited",
    access: operator,
    body: supportReplySchema,
    ok: { status: 201, description: "The message with its replies", schema: z.object({ ticket: supportTicketJsonSchema }) },
    errors: { 404: "No such support message" },
    // No message of the matrix's world: the operator is refused past the access check.
    fixture: {
      matrix: { before: ["$ownerIsCourier"], body: { ticketId: 2_000_000_000, body: "Matrix check" }, status: 404 },
      fuzz: { valid: { ticketId: 1, body: "Fuzz check" } },
    },
  }),
];
