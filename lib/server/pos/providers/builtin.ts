import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { config } from "../../platform/config";
import type { PosProvider } from "./provider";
import { dishesOf, eventOfBody, type CatalogObject } from "./square/catalog";
import { squareSignatureValid } from "./square/signature";

// The built-in point of sale (docs/architecture/kitchen.md "The point of sale"): development, the
// demo and the tests. It links to nobody: its seller says yes at once (the authorize URL is the
// callback itself), its catalog is a small demo one in Square's shapes, what it takes is kept in
// this process's memory, and its webhooks are signed as Square signs them under its own key
// (derived from the session secret) in its own header, so the same check refuses a forged one.

const money = (amount: number) => ({ amount, currency: "USD" });
const DEMO_CATALOG: CatalogObject[] = [
  { type: "CATEGORY", id: "DEMO-CAT-MAINS", category_data: { name: "Counter favourites" } },
  { type: "IMAGE", id: "DEMO-IMG-TACOS", image_data: { url: "/images/food/mexican-tacos-rice-thumb.webp" } },
  {
    type: "MODIFIER_LIST",
    id: "DEMO-MODS-EXTRAS",
    modifier_list_data: {
      name: "Extras",
      selection_type: "MULTIPLE",
      modifiers: [
        { id: "DEMO-MOD-CHEESE", modifier_data: { name: "Cheese", price_money: money(100) } },
        { id: "DEMO-MOD-AVOCADO", modifier_data: { name: "Avocado", price_money: money(150) } },
      ],
    },
  },
  {
    type: "ITEM",
    id: "DEMO-ITEM-TACOS",
    item_data: {
      name: "Counter tacos",
      description: "Three corn tortillas, grilled chicken, salsa verde",
      categories: [{ id: "DEMO-CAT-MAINS" }],
      image_ids: ["DEMO-IMG-TACOS"],
      modifier_list_info: [{ modifier_list_id: "DEMO-MODS-EXTRAS", min_selected_modifiers: 0, max_selected_modifiers: 2 }],
      variations: [{ id: "DEMO-VAR-TACOS", item_variation_data: { name: "Regular", price_money: money(1150) } }],
    },
  },
  {
    type: "ITEM",
    id: "DEMO-ITEM-HORCHATA",
    item_data: {
      name: "Counter horchata",
      description: "Rice, cinnamon and vanilla",
      categories: [{ id: "DEMO-CAT-MAINS" }],
      variations: [
        { id: "DEMO-VAR-HORCHATA-S", item_variation_data: { name: "Small", price_money: money(350) } },
        { id: "DEMO-VAR-HORCHATA-L", item_variation_data: { name: "Large", price_money: money(475) } },
      ],
    },
  },
];

const state = globalThis as { __noshBuiltinPos?: { orders: Map<string, string>; soldOut: Set<string> } };
const memory = () => (state.__noshBuiltinPos ??= { orders: new Map(), soldOut: new Set() });

function key(): string {
  const settings = config().pos;
  if (settings.provider !== "builtin") throw new Error("The built-in POS is not the one configured");
  return settings.signatureKey;
}

export const builtinPos: PosProvider = {
  name: "builtin",
  signatureHeader: "x-nosh-pos-signature",
  authorizeUrl: (stateText, redirectUri) => `${redirectUri}?${new URLSearchParams({ code: `builtin-${randomBytes(12).toString("hex")}`, state: stateText })}`,
  exchange: async (code) => ({
    accessToken: `builtin-token-${randomBytes(12).toString("hex")}`,
    refreshToken: null,
    expiresAt: null,
    merchantId: `BUILTIN-${createHash("sha256").update(code).digest("hex").slice(0, 12).toUpperCase()}`,
  }),
  refresh: async () => {
    throw new Error("The built-in POS's tokens do not expire");
  },
  location: async (_token, preferred) => preferred ?? "BUILTIN-LOCATION",
  revoke: async () => {},
  catalog: async () => dishesOf(DEMO_CATALOG),
  // Its photos are the site's own demo photos: the menu file takes them as they are.
  photo: async () => null,
  soldOut: async (_auth, ids) => new Set(ids.filter((id) => memory().soldOut.has(id))),
  createOrder: async (_auth, _order, idempotencyKey) => {
    const orders = memory().orders;
    if (!orders.has(idempotencyKey)) orders.set(idempotencyKey, `BUILTIN-ORDER-${randomBytes(8).toString("hex").toUpperCase()}`);
    return { externalId: orders.get(idempotencyKey)! };
  },
  verify: (signature, url, body) => squareSignatureValid(key(), signature, url, body),
  eventOf: eventOfBody,
};
