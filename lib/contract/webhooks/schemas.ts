import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/shared/people/webhooks";
import { id, instant, stored } from "../common/schemas";

// A restaurant's webhook endpoints and their delivery log (docs/architecture/webhooks.md): the
// secret only in the answers that make or rotate it.

export const webhookEndpointSchema = z.object({
  id,
  url: z.string(),
  events: z.array(stored(WEBHOOK_EVENTS)),
  createdAt: instant,
  disabledAt: instant.nullable().meta({ description: "Set after a day of failed deliveries (the owner is emailed); null: enabled" }),
  failingSince: instant.nullable().meta({ description: "The first failed attempt since the last success" }),
  previousSecretUntil: instant.nullable().meta({ description: "After a rotation: until then the previous secret signs too" }),
});

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export const webhookSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().meta({ description: "The signing secret (`whsec_...`), shown this once" }),
});

export const webhookAttemptSchema = z.object({
  at: instant,
  status: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null: no answer (timeout, refused, unreachable)" }),
  durationMs: z.number().int(),
  excerpt: z.string().meta({ description: "At most the first 1 KB of the answer" }),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id,
  msgId: z.string().meta({ description: "The webhook-id header: the same on every attempt and resend" }),
  eventType: z.string(),
  state: stored(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  createdAt: instant,
  nextAttemptAt: instant.nullable(),
  log: z.array(webhookAttemptSchema).meta({ description: "Its attempts, newest first (at most 20)" }),
});

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema), hasMore: z.boolean(), nextOffset: z.number().int().nullable() });

export type WebhookEndpointJson = z.infer<typeof webhookEndpointSchema>;
export type WebhookDeliveryJson = z.infer<typeof webhookDeliverySchema>;
