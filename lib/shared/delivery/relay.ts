// Masked calls between an order's customer and its courier (docs/architecture/text-messages.md
// "Masked calls"). Plain module: the server, the order page and the courier app import it.

/** The relay keeps connecting the two sides this long after the delivery ends (delivered, failed or canceled), then connects nobody. */
export const RELAY_WINDOW_MINUTES = 15;

export type RelaySide = "customer" | "courier";

/**
 * The relay number the reader calls or texts to reach the other side, or why there is none: `off`
 * (this site has no relay: nothing is shown), `over` (the delivery ended), `mine` (Nosh has no
 * number of the reader's), `theirs` (none of the other side's), `busy` (every relay number is taken).
 */
export type RelayJson = { number: string; reason: null } | { number: null; reason: (typeof RELAY_REASONS)[number] };
export const RELAY_REASONS = ["off", "over", "mine", "theirs", "busy"] as const;
