import { z } from "zod";
import { freeText } from "../common/field-rules";
import { createOrderSchema } from "./rules";
import { phoneError } from "../zod-free/profile-rules";
import { said, word } from "@/lib/shared/words/said";

// A phone order (docs/architecture/phone-orders.md): POST /api/manage/{id}/phone-orders, what the
// restaurant's staff type on the board while the customer is on the phone. Flat, so each refusal
// names the form's own field.

/**
 * Collected at the restaurant; delivered by the restaurant's own staff (`delivery`: no Nosh courier,
 * no Nosh delivery fee); or delivered by a Nosh courier (`courier`: Nosh's delivery fee, paid by a link).
 */
export const PHONE_ORDER_FULFILMENTS = ["pickup", "delivery", "courier"] as const;
/** How a phone order is paid: at pickup or at the door, to the restaurant's own staff; or by a card the customer enters on a payment link. */
export const PHONE_ORDER_PAYMENTS = ["door", "link"] as const;
export const PHONE_ORDER_SAID = {
  name: said("rules.phoneOrders.name"),
  phone: said("rules.phoneOrders.phone"),
  fulfilment: said("rules.phoneOrders.fulfilment"),
  payment: said("rules.phoneOrders.payment"),
  courierCash: said("rules.phoneOrders.courierCash"),
  street: said("messages.street"),
  city: said("messages.city"),
  state: said("messages.state"),
  zip: said("messages.zip"),
  comma: said("rules.phoneOrders.comma"),
} as const;
const M = PHONE_ORDER_SAID;

const text = (label: string, max: number) =>
  freeText(label)
    .max(max, said("messages.atMost", { count: max }))
    .transform((value) => value || undefined)
    .optional();

export const phoneOrderInputSchema = z
  .object({
    name: freeText(word("name"), { required: M.name }).max(60, said("messages.atMost", { count: "60" })),
    // Typed as the customer says it: spaces, dashes, dots and brackets are dropped first.
    phone: freeText(word("phone"), { required: M.phone })
      .overwrite((value) => value.replace(/[\s().-]/g, ""))
      .superRefine((value, ctx) => {
        const error = phoneError(value);
        if (error) ctx.addIssue({ code: "custom", message: error });
      }),
    fulfilment: z.enum(PHONE_ORDER_FULFILMENTS, { error: M.fulfilment }),
    payment: z.enum(PHONE_ORDER_PAYMENTS, { error: M.payment }),
    street: text(word("street"), 120).refine((value) => !value?.includes(","), M.comma),
    unit: text(word("unit"), 40),
    city: text(word("city"), 60),
    state: text(word("state"), 30),
    zip: text(word("zip"), 10),
    notes: freeText(word("notes"), { multiline: true })
      .max(300, said("messages.atMost", { count: "300" }))
      .transform((value) => value || undefined)
      .optional(),
    items: createOrderSchema.shape.items,
  })
  .superRefine((body, ctx) => {
    if (body.fulfilment === "pickup") return;
    if (body.fulfilment === "courier" && body.payment === "door") ctx.addIssue({ code: "custom", path: ["payment"], message: M.courierCash });
    for (const field of ["street", "city", "state", "zip"] as const) if (!body[field]) ctx.addIssue({ code: "custom", path: [field], message: M[field] });
  });
export type PhoneOrderInput = z.output<typeof phoneOrderInputSchema>;
