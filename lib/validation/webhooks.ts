// A restaurant's webhook endpoint as its owner or a manager adds it (docs/architecture/webhooks.md).
import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/shared/webhooks";

/** POST /api/manage/{id}/webhooks: where (checked further by the server: https and a public address in production) and which events. */
export const webhookEndpointInputSchema = z.object({
  url: z.string({ error: "URL is required" }).trim().min(1, "URL is required").max(500, "Must be at most 500 characters"),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Each event must be one of ${WEBHOOK_EVENTS.join(", ")}` }), { error: "Choose at least one event" })
    .min(1, "Choose at least one event")
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;
