// A restaurant's outgoing webhooks (docs/architecture/webhooks.md): the events an endpoint may
// subscribe to and their words. Shared by the contract, the server and the webhooks page.

export const WEBHOOK_EVENTS = ["order.placed", "order.changed", "order.cancelled", "order.stage_changed", "menu.item_changed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "order.placed": "A new order is placed",
  "order.changed": "A dish of an order is changed after accepting",
  "order.cancelled": "An order is canceled, rejected or expires",
  "order.stage_changed": "An order moves on: accepted, ready, out for delivery, delivered",
  "menu.item_changed": "A dish is added, edited, deleted or sold out",
};

/** The event of the test button: sent to the endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** Endpoints a restaurant may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** How long the previous secret keeps signing after a rotation. */
export const SECRET_OVERLAP_HOURS = 24;

export const WEBHOOK_MESSAGES = {
  limit: `A restaurant has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first`,
} as const;
