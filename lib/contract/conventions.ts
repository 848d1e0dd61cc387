import { PREP_MINUTES, REJECTION_REASONS } from "@/lib/shared/orders/order-stages";

// The rules every call shares, written once: the OpenAPI document's description
// (lib/contract/openapi.ts) and the reference page (/developers/api) both show them.

export const API_TITLE = "Nosh API";

/** How a request sends an API key: the reference page shows it with a Copy button. */
export const API_KEY_EXAMPLE = 'curl -H "Authorization: Bearer $NOSH_API_KEY" https://nosh.example/api/manage/1/orders';

export const CONVENTIONS: { title: string; text: string; example?: string }[] = [
  {
    title: "JSON in, JSON out",
    text: "Requests and responses are JSON (`Content-Type: application/json`); the uploads (profile picture, restaurant banner, dish photo) are `multipart/form-data`. Bodies accept the camelCase names shown here and their snake_case forms (`restaurant_id` for `restaurantId`); unknown fields are ignored. Bodies are at most 64 KB (413 past it).",
  },
  {
    title: "Errors",
    text: 'Every error is `{ "message": "...", "errors": { "<field>": "..." } }`, with `errors` only where a field is at fault. A wrong type (a string where a number belongs) is a 400 naming the field. No error answers 500 for bad input, and a 500 never carries a stack trace or SQL.',
  },
  {
    title: "Status codes",
    text: "200 or 201 success; 400 invalid input (or insufficient funds); 401 not signed in; 403 signed in but not allowed, or the anti-forgery check failed; 404 unknown id, or someone else's private record (it looks exactly like a missing one); 409 conflict (an email already in use, submitting twice, a second review); 413 body too large; 422 an Idempotency-Key reused with a different body; 429 too many attempts (see Retry-After); 503 busy, retry after Retry-After seconds.",
  },
  {
    title: "Sessions and anti-forgery (double submit)",
    text: "The session is an encrypted, HttpOnly, SameSite=Lax cookie; logging in issues a fresh one. Every response sets a readable `XSRF-TOKEN` cookie when it is missing or stale; every POST, PUT, PATCH and DELETE (login and signup included) must send its value in the `XSRF-Token` header, else 403 and nothing changes. The token is bound to the session: read it again after signing in or out.",
  },
  {
    title: "API keys",
    text: "A restaurant's owner or a manager makes API keys on the restaurant's API keys page, each with scopes (`menu.read`, `menu.write`, `orders.read`, `orders.steps`, `soldout.write`, `deliveries`). A request sends one as `Authorization: Bearer <key>`, with no cookie and no `XSRF-Token` header; it reaches that restaurant only, and only the operations whose \"Who may call\" lists one of its scopes (another operation: 401; a scope it lacks: 403). A key makes at most 120 requests a minute (then 429 with Retry-After); a revoked key's next request is a 401. For example (your key in NOSH_API_KEY, your restaurant's id in the path):",
    example: API_KEY_EXAMPLE,
  },
  {
    title: "Webhooks",
    text: 'A restaurant\'s owner or a manager adds webhook endpoints on the restaurant\'s Webhooks page (or `POST /api/manage/{id}/webhooks`) for `order.placed`, `order.changed`, `order.cancelled`, `order.stage_changed` and `menu.item_changed`. Each message is a POST of `{ "type", "timestamp", "data" }` signed as Standard Webhooks: `webhook-id` (the same on every retry and resend: deduplicate on it), `webhook-timestamp` (seconds) and `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the bytes of the secret\'s base64 part (after `whsec_`); after a rotation two signatures, space-separated, for 24 hours. Answer 2xx within 10 seconds; anything else is retried with growing waits for a day, and an endpoint failing a whole day is disabled. Redirects are not followed; in production the URL must be https on a public address.',
  },
  {
    title: "Idempotency keys",
    text: "`POST /api/orders` and `PUT /api/orders/{id}/submit` take an `Idempotency-Key` header (1-255 visible ASCII characters): a retry with the same key and body answers exactly like the first call, and charges once; the same key with a different body is a 422.",
  },
  {
    title: "Pagination",
    text: "Lists take `limit` (1-100, default 20) and `offset` (default 0) in the query string. Restaurant lists, an owner's promotions and an owner's menu also answer `hasMore` and `nextOffset` (null on the last page). The owner's menu (`GET /api/manage/{id}/menu`) is the one list without a default page: without `limit` it answers every dish (`hasMore` false).",
  },
  {
    title: "Order stages",
    text: `A submitted order has a \`stage\` beside its \`status\`: \`placed\` -> \`accepted\` -> \`ready\` -> \`out_for_delivery\` -> \`delivered\`, or it ends \`rejected\`, \`canceled\` or \`expired\`. The customer places it (\`PUT /api/orders/{id}/submit\`) and may cancel it while it is placed, or once accepted while the kitchen is late with it (\`PUT /api/orders/{id}/cancel\`; otherwise 409 once the restaurant accepted). Only the restaurant's owner moves it on, with \`POST /api/manage/{id}/orders/{orderId}/stage\`: \`accepted\` (with \`prepMinutes\`, ${PREP_MINUTES.min}-${PREP_MINUTES.max}), then \`ready\`, \`out_for_delivery\`, \`delivered\`; or \`rejected\` (with a \`reason\`: ${REJECTION_REASONS.join(", ")}; an optional \`note\`) while placed or accepted. An order nobody accepts in time (10 minutes by default) expires. Stages only move forward, each step once: a step from any other stage is a 409 and changes nothing. Rejected, canceled and expired orders are refunded in full. \`status\` stays Submitted while the order is open, becomes Completed when delivered and Canceled for the three other ends. Every step is an entry of the order's \`timeline\` and an event on its event streams (\`GET /api/orders/{id}/events\`, \`GET /api/orders/events\`, \`GET /api/manage/{id}/orders/events\`).`,
  },
  {
    title: "Pickup",
    text: "`deliveryOption` is `standard`, `priority`, `schedule` (with `scheduledFor`) or `pickup`: collected at the restaurant, with no delivery fee and no priority fee (the service fee is unchanged; the tip is optional, `tip: 0` is allowed, `tipPercent` is still a percentage of the subtotal). A pickup with `scheduledFor` is a scheduled pickup: its slot is checked exactly like a scheduled delivery's (a slot not offered is a 400 naming `scheduledFor`); without it, as soon as possible. A pickup order goes `placed` -> `accepted` -> `ready` -> `delivered` (never `out_for_delivery`: that step is a 409); `delivered` (status Completed) means picked up, and its `estimatedArrivalFrom`/`To` is when it is ready to collect.",
  },
  {
    title: "Dish options",
    text: "A dish may have `optionGroups` (`{ id, name, required, minChoices, maxChoices, options: [{ id, name, priceDelta, available }] }`, in display order; `required` is `minChoices >= 1`; `available: false` is sold out for today) and `allowsInstructions`. An order line sends the ids of the options chosen (`options: [id, ...]`) and, where the dish allows them, `instructions` (up to 200 characters); the server prices it: (the dish's price + the chosen options' `priceDelta`) x quantity. A line that sends a price, an option of another dish, an unknown or sold-out option, too many or too few choices in a group or the same option twice is a 400 naming the line and the group (`errors: { \"items.0.options\": \"Choose 1 Size for Margherita\" }`), and nothing is created. The same dish with other choices is another line. Order lines answer `unitPrice` (options included), `options: [{ optionId, group, name, priceDelta }]` (copies: later menu edits never change them) and `instructions`. The owner's `POST /api/menu-items` and `PUT /api/menu-items/{id}` take `optionGroups` (the list replaces the dish's: an `id` keeps that group or option, one left out is deleted; names 1-50 characters, `priceDelta` 0 to 50 in whole cents, `0 <= minChoices <= maxChoices <=` the group's options, at most 10 groups of 20 options) and `allowsInstructions`.",
  },
  {
    title: "Money",
    text: "Money is a JSON number of dollars with at most two decimals (`999.99`), never a string; the server stores integer cents and computes every price, fee and total itself.",
  },
  {
    title: "Times",
    text: "Times are ISO 8601 instants in UTC (`2026-11-22T18:30:00.000Z`).",
  },
];

/** The conventions as Markdown, for the document's `info.description`. */
export function conventionsMarkdown(): string {
  return [
    "The API of Nosh, a food-ordering marketplace. A readable version of this document: `/developers/api`.",
    ...CONVENTIONS.map(({ title, text, example }) => `## ${title}\n\n${text}${example ? `\n\n\`\`\`sh\n${example}\n\`\`\`` : ""}`),
  ].join("\n\n");
}
