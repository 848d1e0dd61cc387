import { z } from "zod";
import { PAY_WITH, PICKUP_AHEAD_MAX_MINUTES } from "@/lib/shared/delivery/deliveries";
import { dollarsInput, freeText, numberInput } from "../common/field-rules";
import { phoneError } from "../zod-free/profile-rules";
import { said, word } from "@/lib/shared/words/said";

// Delivery only (docs/architecture/api-keys.md "Delivery only"): the bodies of
// POST /api/manage/{id}/deliveries/quotes (what to carry, from when, to whom) and
// POST /api/manage/{id}/deliveries (the quote accepted, and how it is paid).

export const DELIVERY_INPUT_SAID = {
  name: said("rules.deliveries.name"),
  phone: said("rules.deliveries.phone"),
  street: said("messages.street"),
  city: said("messages.city"),
  state: said("messages.state"),
  zip: said("messages.zip"),
  orderValue: said("rules.deliveries.orderValue"),
  orderValueRange: said("rules.deliveries.orderValueRange"),
  tip: said("rules.deliveries.tip"),
  tipRange: said("rules.deliveries.tipRange"),
  decimals: said("rules.deliveries.decimals"),
  pickupTime: said("rules.deliveries.pickupTime"),
  pickupPast: said("rules.deliveries.pickupPast"),
  pickupFar: said("rules.deliveries.pickupAhead", { minutes: PICKUP_AHEAD_MAX_MINUTES }),
  location: said("rules.deliveries.location"),
  quoteId: said("messages.required", { label: "quoteId" }),
  payWith: said("rules.deliveries.payWith"),
} as const;
const M = DELIVERY_INPUT_SAID;

const text = (label: string, required: string, max: number) => freeText(label, { required }).max(max, said("messages.atMost", { count: max }));
const optionalText = (label: string, max: number, multiline = false) =>
  freeText(label, { multiline })
    .max(max, said("messages.atMost", { count: max }))
    .transform((value) => value || null)
    .nullable()
    .optional();
const dollars = (required: string, range: string, max: number) => dollarsInput(numberInput(required, required).min(0, range).max(max, range), M.decimals);

export const deliveryQuoteInputSchema = z.object({
  /** When the food is ready to be picked up (ISO 8601); absent or null: as soon as possible. */
  pickupTime: z.iso.datetime({ offset: true, error: M.pickupTime }).nullable().optional(),
  dropoff: z.object(
    {
      name: text(word("name"), M.name, 60),
      phone: freeText(word("phone"), { required: M.phone }).superRefine((value, ctx) => {
        const error = phoneError(value);
        if (error) ctx.addIssue({ code: "custom", message: error });
      }),
      street: text(word("street"), M.street, 120),
      unit: optionalText(word("unit"), 40),
      city: text(word("city"), M.city, 60),
      state: text(word("state"), M.state, 30),
      zip: text(word("zip"), M.zip, 10),
      notes: optionalText(word("notes"), 300, true),
      /** The door's point when the caller knows it; else the ZIP's centre. */
      location: z
        .object(
          {
            lat: z.number({ error: M.location }).min(-90, M.location).max(90, M.location),
            lng: z.number({ error: M.location }).min(-180, M.location).max(180, M.location),
          },
          { error: M.location },
        )
        .nullable()
        .optional(),
    },
    { error: said("rules.deliveries.dropoff") },
  ),
  /** What the food is worth, for the records and the courier's care; Nosh charges nothing of it. */
  orderValue: dollars(M.orderValue, M.orderValueRange, 10_000),
  /** The restaurant's own order number. */
  reference: optionalText(word("reference"), 64),
  /** The customer's tip for the courier, charged with the fee. */
  tip: dollars(M.tip, M.tipRange, 100).optional(),
});
export type DeliveryQuoteInput = z.output<typeof deliveryQuoteInputSchema>;

export const deliveryAcceptSchema = z.object({
  quoteId: z.string({ error: M.quoteId }).trim().min(1, M.quoteId).max(64, M.quoteId),
  /** How the fee and tip are paid up front (lib/shared/delivery/deliveries.ts PAY_WITH); absent: the earnings when they cover it, else the owner's card. */
  payWith: z.enum(PAY_WITH, { error: M.payWith }).optional(),
});
export type DeliveryAcceptInput = z.output<typeof deliveryAcceptSchema>;
