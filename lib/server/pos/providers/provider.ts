import "server-only";

// The point of sale behind one interface (docs/architecture/kitchen.md "The point of sale"), as
// payments, the geocoder and the texts have theirs: the built-in one (builtin.ts: development, the
// demo and the tests; a demo catalog, its orders kept in memory) and Square (square/provider.ts,
// plain HTTPS), selected by POS (select.ts). A provider connects a seller by OAuth, reads the
// catalog and what is sold out, takes an order under an idempotency key, and checks its webhooks'
// signatures; the domain (../connection.ts, ../menu.ts, ../sync.ts, ../push.ts) does the rest.

/** A seller's tokens as the provider gave them; the domain seals them before they are stored. */
export type PosTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; merchantId: string };

/** An option group of a POS item (a modifier list), in cents. */
export type PosOptionGroup = { name: string; min: number; max: number; options: { name: string; priceDeltaCents: number; modifierId: string }[] };

/** A dish as the POS sells it: one per item variation (an item of several is several dishes). */
export type PosDish = {
  itemId: string;
  variationId: string;
  name: string;
  description: string;
  priceCents: number;
  section: string | null;
  photoUrl: string | null;
  optionGroups: PosOptionGroup[];
};

/** An accepted order as the POS is given it. */
export type PosOrderInput = {
  reference: string;
  customerName: string;
  pickupAt: Date;
  fulfillment: "pickup" | "delivery";
  currency: string;
  /** A line of a dish linked to the POS names its variation; any other goes as an ad hoc line (its name and unit price). */
  lines: { variationId: string | null; name: string; unitPriceCents: number; quantity: number; modifierIds: string[]; note: string | null }[];
};

/** What a verified webhook says: sold-out changes to apply, or the catalog changed (a sync now). */
export type PosEvent = { merchantId: string; soldOut: { variationId: string; soldOut: boolean }[]; catalogChanged: boolean };

/** A call the POS refused or could not answer: kept on the connection (lastSyncError) or the order (lastError), retried later. */
export class PosError extends Error {}

export type PosAuth = { accessToken: string; merchantId: string; locationId: string };

export interface PosProvider {
  readonly name: "builtin" | "square";
  /** The header its webhooks carry their signature in. */
  readonly signatureHeader: string;
  /** Where the seller is sent to say yes; the provider sends them back to `redirectUri` with `code` and `state`. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** The code exchanged for the seller's tokens. */
  exchange(code: string, redirectUri: string): Promise<PosTokens>;
  /** New tokens for a refresh token (before the access token expires). */
  refresh(refreshToken: string): Promise<PosTokens>;
  /** The location orders go to: `preferred` when the seller has it, else their first active one. */
  location(accessToken: string, preferred: string | null): Promise<string>;
  /** Revokes the app's access for the seller (disconnect); a token already revoked is no error. */
  revoke(tokens: { accessToken: string; merchantId: string }): Promise<void>;
  /** The seller's catalog, every page, as dishes. */
  catalog(auth: PosAuth): Promise<PosDish[]>;
  /** Of `variationIds`, those sold out at the location. */
  soldOut(auth: PosAuth, variationIds: string[]): Promise<Set<string>>;
  /** A catalog photo's bytes (capped), or null when it cannot be had: the dish then keeps its photo to upload. */
  photo(url: string): Promise<Uint8Array | null>;
  /** Creates the order; the same `idempotencyKey` again answers the same order, never a second. */
  createOrder(auth: PosAuth, order: PosOrderInput, idempotencyKey: string): Promise<{ externalId: string }>;
  /** Whether `signature` is the provider's over the notification URL and the raw body. */
  verify(signature: string | null, url: string, body: string): boolean;
  /** What a verified webhook's body says (null: an event the link does not use). */
  eventOf(body: string): PosEvent | null;
}
