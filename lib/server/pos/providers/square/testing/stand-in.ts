import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CatalogObject } from "../catalog";
import { squareSignature } from "../signature";

// Tests only (Vitest, and Playwright specs, which load it outside Next: hence no server-only
// import): a local stand-in of the parts of Square's API the POS link uses, since Square is not
// reachable from here. It plays the seller's authorize page (GET /oauth2/authorize answers a 302
// to the redirect_uri with a code and the state), ObtainToken (authorization_code and
// refresh_token grants, the application's id and secret checked), RevokeToken (Authorization:
// Client <secret>), ListLocations, ListCatalog (two objects a page, with a cursor),
// BatchRetrieveCatalogObjects, BatchRetrieveInventoryCounts, CreateOrder (whose idempotency
// key answers the order it already made) and the catalog's image. `loseNextOrderAnswers` makes CreateOrder make the order
// and then answer 500 (a lost answer), as a retry must survive. `webhook()` posts a signed event.

const money = (amount: number) => ({ amount, currency: "USD" });

/** A small café's catalog: two categories, a modifier list, an image, a one-variation item and a two-variation one. */
const STAND_IN_CATALOG: CatalogObject[] = [
  { type: "CATEGORY", id: "CAT-COFFEE", category_data: { name: "Coffee" } },
  { type: "CATEGORY", id: "CAT-BAKERY", category_data: { name: "Bakery" } },
  // Its URL is the stand-in's own (set when it starts), as Square's are its CDN's.
  { type: "IMAGE", id: "IMG-CROISSANT", image_data: { url: "/files/croissant.webp" } },
  {
    type: "MODIFIER_LIST",
    id: "MODS-MILK",
    modifier_list_data: {
      name: "Milk",
      selection_type: "SINGLE",
      modifiers: [
        { id: "MOD-OAT", modifier_data: { name: "Oat milk", price_money: money(75) } },
        { id: "MOD-WHOLE", modifier_data: { name: "Whole milk", price_money: money(0) } },
      ],
    },
  },
  {
    type: "ITEM",
    id: "ITEM-LATTE",
    item_data: {
      name: "Latte",
      description: "Double shot, steamed milk",
      categories: [{ id: "CAT-COFFEE" }],
      modifier_list_info: [{ modifier_list_id: "MODS-MILK", min_selected_modifiers: 1, max_selected_modifiers: 1 }],
      variations: [
        { id: "VAR-LATTE-S", item_variation_data: { name: "Small", price_money: money(450) } },
        { id: "VAR-LATTE-L", item_variation_data: { name: "Large", price_money: money(525) } },
      ],
    },
  },
  {
    type: "ITEM",
    id: "ITEM-CROISSANT",
    item_data: {
      name: "Butter croissant",
      description: "Baked every morning",
      category_id: "CAT-BAKERY",
      image_ids: ["IMG-CROISSANT"],
      variations: [{ id: "VAR-CROISSANT", item_variation_data: { name: "Regular", price_money: money(375) } }],
    },
  },
];

type StandInOrder = { id: string; idempotencyKey: string; body: Record<string, unknown> };

export class SquareStandIn {
  readonly merchantId = "MLSTANDIN0001";
  readonly locationId = "LSTANDIN0001";
  readonly catalog: CatalogObject[] = structuredClone(STAND_IN_CATALOG);
  /** IN_STOCK counts by variation (a variation without one is not tracked). */
  readonly counts = new Map<string, number>();
  readonly orders: StandInOrder[] = [];
  readonly revoked: string[] = [];
  readonly requests: string[] = [];
  loseNextOrderAnswers = 0;
  private readonly codes = new Set<string>();
  private readonly tokens = new Set<string>();
  private readonly refreshTokens = new Set<string>();
  private server: Server | null = null;

  constructor(
    readonly applicationId: string,
    readonly applicationSecret: string,
    readonly signatureKey: string,
  ) {}

  /** The seller's "Mark sold out" at the location (location_overrides[].sold_out), or back. */
  markSoldOut(variationId: string, soldOut: boolean): void {
    for (const item of this.catalog)
      for (const variation of item.item_data?.variations ?? [])
        if (variation.id === variationId) {
          const data = (variation.item_variation_data ??= {});
          data.location_overrides = [{ location_id: this.locationId, sold_out: soldOut }];
        }
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          response.writeHead(status, { "Content-Type": "application/json", ...headers });
          response.end(JSON.stringify(body));
        };
        const error = (status: number, code: string, detail: string) => answer(status, { errors: [{ category: "INVALID_REQUEST_ERROR", code, detail }] });
        const url = new URL(request.url ?? "/", "http://stand-in");
        const route = `${request.method} ${url.pathname}`;
        this.requests.push(route);
        if (route === "GET /files/croissant.webp") {
          response.writeHead(200, { "Content-Type": "image/webp" });
          return response.end(readFileSync(path.resolve(import.meta.dirname, "../../../../../../public/images/food/breakfast-seeded-sourdough-bread.webp")));
        }
        const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
        if (route === "GET /oauth2/authorize") {
          if (url.searchParams.get("client_id") !== this.applicationId) return error(400, "BAD_REQUEST", "Unknown client_id");
          const code = `sq0cgp-${randomBytes(9).toString("hex")}`;
          this.codes.add(code);
          const back = new URL(url.searchParams.get("redirect_uri") ?? "");
          back.searchParams.set("code", code);
          back.searchParams.set("state", url.searchParams.get("state") ?? "");
          return answer(302, {}, { Location: back.toString() });
        }
        if (route === "POST /oauth2/token") {
          if (body.client_id !== this.applicationId || body.client_secret !== this.applicationSecret) return error(401, "UNAUTHORIZED", "Bad client");
          const grant = body.grant_type === "authorization_code" ? this.codes : body.grant_type === "refresh_token" ? this.refreshTokens : null;
          const given = String(body.grant_type === "authorization_code" ? body.code : body.refresh_token);
          if (!grant?.has(given)) return error(401, "UNAUTHORIZED", "Unknown or used code");
          if (grant === this.codes) this.codes.delete(given);
          const access = `EAAA${randomBytes(12).toString("hex")}`;
          const refresh = grant === this.refreshTokens ? given : `EQAA${randomBytes(12).toString("hex")}`;
          this.tokens.add(access);
          this.refreshTokens.add(refresh);
          return answer(200, {
            access_token: access,
            token_type: "bearer",
            expires_at: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
            merchant_id: this.merchantId,
            refresh_token: refresh,
          });
        }
        if (route === "POST /oauth2/revoke") {
          if (request.headers.authorization !== `Client ${this.applicationSecret}`) return error(401, "UNAUTHORIZED", "Bad client secret");
          this.tokens.delete(String(body.access_token));
          this.revoked.push(String(body.access_token));
          return answer(200, { success: true });
        }
        const bearer = (request.headers.authorization ?? "").replace(/^Bearer /, "");
        if (!this.tokens.has(bearer)) return error(401, "UNAUTHORIZED", "The access token is unknown or revoked");
        if (route === "GET /v2/locations") return answer(200, { locations: [{ id: this.locationId, name: "Stand-in Café", status: "ACTIVE" }] });
        if (route === "GET /v2/catalog/list") {
          const types = (url.searchParams.get("types") ?? "").split(",");
          const objects = this.catalog.filter((object) => types.includes(object.type));
          const start = Number(url.searchParams.get("cursor") ?? "0");
          const next = start + 2 < objects.length ? String(start + 2) : undefined;
          return answer(200, { objects: objects.slice(start, start + 2), ...(next && { cursor: next }) });
        }
        if (route === "POST /v2/catalog/batch-retrieve") {
          const ids = new Set(body.object_ids as string[]);
          const variations = this.catalog.flatMap((object) => object.item_data?.variations ?? []).filter((variation) => ids.has(variation.id));
          return answer(200, { objects: variations.map((variation) => ({ type: "ITEM_VARIATION", ...variation })) });
        }
        if (route === "POST /v2/inventory/counts/batch-retrieve") {
          const ids = body.catalog_object_ids as string[];
          const counts = ids
            .filter((id) => this.counts.has(id))
            .map((id) => ({
              catalog_object_id: id,
              catalog_object_type: "ITEM_VARIATION",
              state: "IN_STOCK",
              location_id: this.locationId,
              quantity: String(this.counts.get(id)),
            }));
          return answer(200, { counts });
        }
        if (route === "POST /v2/orders") {
          const key = String(body.idempotency_key ?? "");
          if (!key) return error(400, "MISSING_REQUIRED_PARAMETER", "idempotency_key");
          let order = this.orders.find((made) => made.idempotencyKey === key);
          if (!order) {
            order = { id: `ORD${randomBytes(8).toString("hex").toUpperCase()}`, idempotencyKey: key, body };
            this.orders.push(order);
          }
          if (this.loseNextOrderAnswers > 0) {
            this.loseNextOrderAnswers--;
            return error(500, "INTERNAL_SERVER_ERROR", "The answer was lost");
          }
          return answer(200, { order: { id: order.id, ...(body.order as object), state: "OPEN" } });
        }
        return error(404, "NOT_FOUND", `No ${route} here`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    for (const object of this.catalog) if (object.image_data?.url?.startsWith("/")) object.image_data.url = `${origin}${object.image_data.url}`;
    return origin;
  }

  /** The seller says yes on the authorize page: where Square sends them back (the redirect_uri with code and state). */
  async authorize(authorizeUrl: string): Promise<URL> {
    const response = await fetch(authorizeUrl, { redirect: "manual" });
    if (response.status !== 302) throw new Error(`The authorize page answered ${response.status}`);
    return new URL(response.headers.get("location")!);
  }

  /** An event as Square sends it: the body and its x-square-hmacsha256-signature over `url` (a wrong `key` forges it). */
  event(url: string, type: string, data: unknown, key = this.signatureKey): { body: string; headers: Headers } {
    const body = JSON.stringify({ merchant_id: this.merchantId, type, event_id: randomBytes(8).toString("hex"), created_at: new Date().toISOString(), data });
    return { body, headers: new Headers({ "content-type": "application/json", "x-square-hmacsha256-signature": squareSignature(key, url, body) }) };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
