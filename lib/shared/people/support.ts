// The contact form's topics and message bounds (docs/architecture/help.md): read by the form in
// the browser (without zod) and by the schema in lib/contract/support/rules.ts.

export const SUPPORT_TOPICS = ["order", "delivery", "payment", "account", "restaurant", "other"] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_MESSAGE = { min: 10, max: 2_000 } as const;
