import { z } from "zod";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { webhookEndpointInputSchema } from "@/lib/contract/webhooks/rules";
import { deletedSchema, id, messageSchema } from "../common/schemas";
import { webhookDeliveryListSchema, webhookEndpointListSchema, webhookEndpointSchema, webhookSecretSchema } from "./schemas";
import { op, restaurantManager } from "../define";

// A restaurant's outgoing webhooks (docs/architecture/webhooks.md): endpoints, their secrets,
// the delivery log, resend and the test event; its owner's and managers', from a session.

const endpoint = { id: "$restaurant", endpointId: "$webhookEndpoint" };
const unknown = { 404: "Unknown restaurant or endpoint, or not on its team" };

export const webhookOperations = [
  op("GET /api/manage/{id}/webhooks", {
    summary: "The restaurant's webhook endpoints: URL, events, whether disabled or failing (never the secret)",
    access: restaurantManager,
    paging: { unpaged: "a capped working set: at most 10 endpoints" },
    ok: { description: "The endpoints", schema: webhookEndpointListSchema },
    errors: unknown,
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/webhooks", {
    summary:
      "Add an endpoint for some of the events order.placed, order.changed, order.cancelled, order.stage_changed, menu.item_changed: messages are signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the secret answered this once. In production the URL must be https and reach a public address",
    access: restaurantManager,
    body: webhookEndpointInputSchema,
    ok: { status: 201, description: "The endpoint and its secret, shown once", schema: webhookSecretSchema },
    errors: { 400: "The URL is not https, or private or local (`url`)", 404: "Unknown restaurant, or not on its team", 409: "The restaurant has 10 endpoints" },
    fixture: {
      matrix: { path: { id: "$restaurant" }, body: { url: "http://127.0.0.1:9/matrix", events: ["order.placed"] } },
      fuzz: { valid: { url: "http://127.0.0.1:9/fuzz", events: ["order.placed"] } },
    },
  }),
  op("DELETE /api/manage/{id}/webhooks/{endpointId}", {
    summary: "Delete an endpoint and its delivery log: nothing more is sent to it",
    access: restaurantManager,
    ok: { description: "Deleted", schema: deletedSchema },
    errors: unknown,
    fixture: { matrix: { path: { id: "$restaurant", endpointId: "$newWebhookEndpoint" } } },
  }),
  op("POST /api/manage/{id}/webhooks/{endpointId}/enable", {
    summary: "Turn a disabled endpoint back on (its day of failures forgotten)",
    access: restaurantManager,
    ok: { description: "Enabled", schema: z.object({ endpoint: webhookEndpointSchema }) },
    errors: unknown,
    fixture: { matrix: { path: endpoint } },
  }),
  op("POST /api/manage/{id}/webhooks/{endpointId}/rotate", {
    summary: "A new signing secret, answered once; for 24 hours the previous one signs too (two signatures, space-separated, in webhook-signature)",
    access: restaurantManager,
    ok: { description: "The endpoint and its new secret", schema: webhookSecretSchema },
    errors: unknown,
    fixture: { matrix: { path: endpoint } },
  }),
  op("GET /api/manage/{id}/webhooks/{endpointId}/deliveries", {
    summary:
      "The endpoint's delivery log, newest first: each message's webhook-id, event, state, and its attempts (time, status, duration, the first 1 KB of the answer)",
    access: restaurantManager,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "One page", schema: webhookDeliveryListSchema },
    errors: unknown,
    fixture: { matrix: { path: endpoint }, list: { as: "owner", path: endpoint } },
  }),
  op("POST /api/manage/{id}/webhooks/{endpointId}/deliveries/{deliveryId}/resend", {
    summary: "Send a message again within seconds, with the same webhook-id",
    access: restaurantManager,
    ok: { description: "Queued", schema: messageSchema },
    errors: {
      404: "Unknown restaurant, endpoint or message, or not on its team",
      429: "More than 10 resends a minute for the endpoint, or 100 messages sent by hand an hour across the owner's restaurants (Retry-After)",
    },
    fixture: { matrix: { path: { ...endpoint, deliveryId: "$webhookDelivery" } } },
  }),
  op("POST /api/manage/{id}/webhooks/{endpointId}/test", {
    summary:
      "Send a `webhook.test` event to the endpoint within seconds, whatever events it subscribes to: at most 5 a minute for an endpoint, 10 for a restaurant, and 100 messages sent by hand (tests and resends) an hour across the owner's restaurants",
    access: restaurantManager,
    ok: { status: 201, description: "Queued", schema: z.object({ id, msgId: z.string() }) },
    errors: { ...unknown, 429: "Past a limit: the message says which (Retry-After)" },
    fixture: { matrix: { path: endpoint } },
  }),
];
