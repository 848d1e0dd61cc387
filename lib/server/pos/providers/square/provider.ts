import "server-only";
import type { PosSettings } from "@/lib/edge/pos-settings";
import { PosError, type PosAuth, type PosDish, type PosProvider, type PosTokens } from "../provider";
import { dishesOf, eventOfBody, soldOutIn, type CatalogObject } from "./catalog";
import { squareSignatureValid } from "./signature";

// Square (docs/architecture/kitchen.md "The point of sale") over plain HTTPS with fetch: OAuth
// (oauth2/authorize, ObtainToken, RevokeToken), ListLocations, ListCatalog (every page),
// BatchRetrieveCatalogObjects and BatchRetrieveInventoryCounts for what is sold out, CreateOrder
// under an idempotency key, and the webhooks' x-square-hmacsha256-signature. Tested against a
// local stand-in of these endpoints (testing/stand-in.ts), never against Square itself.

const VERSION = "2025-10-16";
const SCOPES = ["ITEMS_READ", "INVENTORY_READ", "ORDERS_WRITE", "ORDERS_READ", "MERCHANT_PROFILE_READ"];
const TIMEOUT_MS = 10_000;
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

type Settings = Extract<PosSettings, { provider: "square" }>;
type TokenAnswer = { access_token?: string; refresh_token?: string; expires_at?: string; merchant_id?: string };

export function squareProvider(settings: Settings): PosProvider {
  async function call<T>(method: string, path: string, auth: string | null, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiBase}${path}`, {
        method,
        headers: {
          "Square-Version": VERSION,
          "Content-Type": "application/json",
          Accept: "application/json",
          ...(auth && { Authorization: auth }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PosError(`Square did not answer ${method} ${path}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => "");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const detail = (parsed as { errors?: { code?: string; detail?: string }[] } | null)?.errors?.[0];
      throw new PosError(`Square answered ${response.status} to ${method} ${path}${detail ? `: ${detail.code} ${detail.detail ?? ""}`.trimEnd() : ""}`);
    }
    if (parsed === null || typeof parsed !== "object") throw new PosError(`Square's answer to ${method} ${path} is not JSON`);
    return parsed as T;
  }
  const bearer = (auth: PosAuth) => `Bearer ${auth.accessToken}`;
  const tokens = (answer: TokenAnswer): PosTokens => {
    if (!answer.access_token || !answer.merchant_id) throw new PosError("Square's token answer has no access token or merchant");
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: answer.expires_at ? new Date(answer.expires_at) : null,
      merchantId: answer.merchant_id,
    };
  };
  const token = (grant: Record<string, string>) =>
    call<TokenAnswer>("POST", "/oauth2/token", null, { client_id: settings.applicationId, client_secret: settings.applicationSecret, ...grant }).then(tokens);

  return {
    name: "square",
    signatureHeader: "x-square-hmacsha256-signature",
    authorizeUrl: (state, redirectUri) =>
      `${settings.apiBase}/oauth2/authorize?${new URLSearchParams({ client_id: settings.applicationId, scope: SCOPES.join(" "), session: "false", state, redirect_uri: redirectUri })}`,
    exchange: (code, redirectUri) => token({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: "refresh_token", refresh_token: refreshToken }),
    async location(accessToken, preferred) {
      const { locations = [] } = await call<{ locations?: { id: string; status?: string }[] }>("GET", "/v2/locations", `Bearer ${accessToken}`);
      const active = locations.filter((location) => location.status !== "INACTIVE");
      const found = preferred ? active.find((location) => location.id === preferred) : active[0];
      if (!found) throw new PosError(preferred ? `The seller has no active location ${preferred}` : "The seller has no active location");
      return found.id;
    },
    async revoke({ accessToken }) {
      await call("POST", "/oauth2/revoke", `Client ${settings.applicationSecret}`, { client_id: settings.applicationId, access_token: accessToken });
    },
    async catalog(auth): Promise<PosDish[]> {
      const objects: CatalogObject[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({ types: "ITEM,CATEGORY,MODIFIER_LIST,IMAGE", ...(cursor && { cursor }) });
        const page = await call<{ objects?: CatalogObject[]; cursor?: string }>("GET", `/v2/catalog/list?${query}`, bearer(auth));
        objects.push(...(page.objects ?? []));
        cursor = page.cursor;
      } while (cursor);
      return dishesOf(objects);
    },
    async soldOut(auth, variationIds) {
      if (!variationIds.length) return new Set();
      const [{ objects = [] }, { counts = [] }] = await Promise.all([
        call<{ objects?: CatalogObject[] }>("POST", "/v2/catalog/batch-retrieve", bearer(auth), { object_ids: variationIds }),
        call<{ counts?: { catalog_object_id: string; state: string; quantity: string }[] }>("POST", "/v2/inventory/counts/batch-retrieve", bearer(auth), {
          catalog_object_ids: variationIds,
          location_ids: [auth.locationId],
          states: ["IN_STOCK"],
        }),
      ]);
      const sold = soldOutIn(objects, auth.locationId);
      for (const count of counts) if (count.state === "IN_STOCK" && Number(count.quantity) <= 0) sold.add(count.catalog_object_id);
      return sold;
    },
    // The image's own URL (Square hosts a catalog's images): HTTPS only (the stand-in's origin in
    // tests), no redirects, capped as the owner's uploads are; anything else is left to upload.
    async photo(url) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return null;
      }
      if (target.protocol !== "https:" && target.origin !== new URL(settings.apiBase).origin) return null;
      const response = await fetch(target, { redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => null);
      if (!response?.ok || Number(response.headers.get("content-length") ?? 0) > PHOTO_MAX_BYTES) return null;
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.byteLength > PHOTO_MAX_BYTES ? null : bytes;
    },
    async createOrder(auth, order, idempotencyKey) {
      const answer = await call<{ order?: { id?: string } }>("POST", "/v2/orders", bearer(auth), {
        idempotency_key: idempotencyKey,
        order: {
          location_id: auth.locationId,
          reference_id: order.reference,
          source: { name: "Nosh" },
          line_items: order.lines.map((line) => ({
            ...(line.variationId
              ? { catalog_object_id: line.variationId }
              : { name: line.name, base_price_money: { amount: line.unitPriceCents, currency: order.currency } }),
            quantity: String(line.quantity),
            modifiers: line.modifierIds.map((id) => ({ catalog_object_id: id })),
            ...(line.note && { note: line.note }),
          })),
          fulfillments: [
            {
              type: order.fulfillment === "pickup" ? "PICKUP" : "DELIVERY",
              state: "PROPOSED",
              ...(order.fulfillment === "pickup"
                ? { pickup_details: { recipient: { display_name: order.customerName }, pickup_at: order.pickupAt.toISOString() } }
                : { delivery_details: { recipient: { display_name: order.customerName }, deliver_at: order.pickupAt.toISOString() } }),
            },
          ],
        },
      });
      if (!answer.order?.id) throw new PosError("Square's CreateOrder answer has no order id");
      return { externalId: answer.order.id };
    },
    verify: (signature, url, body) => squareSignatureValid(settings.signatureKey, signature, url, body),
    eventOf: eventOfBody,
  };
}
