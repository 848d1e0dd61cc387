// A restaurant's outgoing webhooks (docs/architecture/webhooks.md): the events an endpoint may
// subscribe to (their words: the catalogue's menus.webhooks.events). Shared by the contract, the server and the webhooks page.

export const WEBHOOK_EVENTS = ["order.placed", "order.changed", "order.cancelled", "order.stage_changed", "menu.item_changed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event of the test button: sent to the endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** Endpoints a restaurant may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** How long the previous secret keeps signing after a rotation. */
export const SECRET_OVERLAP_HOURS = 24;

/**
 * Messages sent by hand ("Send test event", "Resend"): each is a POST at someone else's server,
 * so they are counted per endpoint and per restaurant a minute, and across all the restaurants of
 * one owner an hour (restaurants are many); past a limit a 429 with Retry-After.
 */
export const WEBHOOK_BY_HAND = { testsPerEndpoint: 5, testsPerRestaurant: 10, resendsPerEndpoint: 10, perOwnerHour: 100 } as const;
