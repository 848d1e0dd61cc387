import { said } from "@/lib/shared/words/said";
// A restaurant's API keys (docs/architecture/api-keys.md): the scopes a key may hold (their words: the
// catalogue's menus.apiKeys.scopes) and the key's shape. Shared by the contract, the server and the API keys page (no server code here).

export const API_KEY_SCOPES = ["menu.read", "menu.write", "orders.read", "orders.steps", "soldout.write", "deliveries"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A key starts with this (`nosh_live_` in production, `nosh_test_` elsewhere), then 43 base64url characters (32 random bytes). */
export const API_KEY_PREFIX = { live: "nosh_live_", test: "nosh_test_" } as const;
export const API_KEY_PATTERN = /^nosh_(live|test)_[A-Za-z0-9_-]{43}$/;
/** How many characters of a key its list shows (the prefix and 4 more). */
export const API_KEY_SHOWN_CHARS = 14;
/** Keys a restaurant may hold at once. */
export const MAX_API_KEYS = 20;
/** Requests a key may make a minute; the next is a 429 with Retry-After. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
export const API_KEY_NAME_MAX = 60;

export const API_KEY_SAID = {
  limit: said("messages.apiKeysAtMost", { max: MAX_API_KEYS }),
} as const;
