import { z } from "zod";
import { id } from "../common/schemas";

/** What the built-in provider's phone did: the webhook's answer (TwiML) and whom it connected, by side. */
export const devRelayAnswerSchema = z.object({
  connected: z.enum(["customer", "courier"]).nullable().meta({ description: "The side the call or text reached; null: nobody (not in service)" }),
  orderId: id.nullable(),
  twiml: z.string().meta({ description: "The webhook's answer as the provider reads it" }),
});

export const callStatusAnswerSchema = z.object({ received: z.literal(true), known: z.boolean().meta({ description: "The status named a call Nosh relayed" }) });
