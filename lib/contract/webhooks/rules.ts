// A restaurant's webhook endpoint as its owner or a manager adds it (docs/architecture/webhooks.md).
import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/shared/people/webhooks";
import { said, word } from "@/lib/shared/words/said";

/** POST /api/manage/{id}/webhooks: where (checked further by the server: https and a public address in production) and which events. */
export const webhookEndpointInputSchema = z.object({
  url: z
    .string({ error: said("messages.required", { label: word("url") }) })
    .trim()
    .min(1, said("messages.required", { label: word("url") }))
    .max(500, said("messages.atMost", { count: "500" })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: said("rules.webhooks.event", { list: WEBHOOK_EVENTS.join(", ") }) }), { error: said("rules.webhooks.events") })
    .min(1, said("rules.webhooks.events"))
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;
