import "server-only";
import type { PosDish, PosEvent, PosOptionGroup } from "../provider";

// Square's Catalog objects (ListCatalog's ITEM, ITEM_VARIATION, CATEGORY, MODIFIER_LIST, IMAGE)
// read as the dishes of a menu, and its webhooks' bodies as the events the link uses. Both the
// provider and the built-in POS (which keeps its demo catalog in the same shapes) read through here.

type Money = { amount?: number; currency?: string } | null | undefined;
type Override = { location_id?: string; sold_out?: boolean };
type Variation = { id: string; is_deleted?: boolean; item_variation_data?: { name?: string; price_money?: Money; location_overrides?: Override[] } };
export type CatalogObject = {
  type: string;
  id: string;
  is_deleted?: boolean;
  item_data?: {
    name?: string;
    description?: string;
    category_id?: string;
    categories?: { id: string }[];
    variations?: Variation[];
    modifier_list_info?: { modifier_list_id: string; min_selected_modifiers?: number; max_selected_modifiers?: number; enabled?: boolean }[];
    image_ids?: string[];
  };
  category_data?: { name?: string };
  modifier_list_data?: { name?: string; selection_type?: string; modifiers?: { id: string; modifier_data?: { name?: string; price_money?: Money } }[] };
  image_data?: { url?: string };
  item_variation_data?: Variation["item_variation_data"];
};

const cents = (money: Money) => (typeof money?.amount === "number" ? money.amount : 0);

/** The catalog's items as dishes: an item of one variation is a dish named as the item, one of several a dish per variation ("Latte (Large)"). */
export function dishesOf(objects: CatalogObject[]): PosDish[] {
  const byId = new Map(objects.filter((object) => !object.is_deleted).map((object) => [object.id, object]));
  const groupOf = (info: NonNullable<NonNullable<CatalogObject["item_data"]>["modifier_list_info"]>[number]): PosOptionGroup | null => {
    const list = byId.get(info.modifier_list_id)?.modifier_list_data;
    if (!list || info.enabled === false || !list.modifiers?.length) return null;
    const count = list.modifiers.length;
    const single = list.selection_type === "SINGLE";
    const min = Math.max(0, info.min_selected_modifiers ?? -1);
    const max = single ? 1 : info.max_selected_modifiers !== undefined && info.max_selected_modifiers >= 0 ? info.max_selected_modifiers : count;
    return {
      name: list.name?.trim() || "Options",
      min: Math.min(min, max),
      max,
      options: list.modifiers.map((modifier) => ({
        name: modifier.modifier_data?.name?.trim() || modifier.id,
        priceDeltaCents: cents(modifier.modifier_data?.price_money),
        modifierId: modifier.id,
      })),
    };
  };
  const dishes: PosDish[] = [];
  for (const item of byId.values()) {
    const data = item.item_data;
    if (item.type !== "ITEM" || !data?.name) continue;
    const categoryId = data.categories?.[0]?.id ?? data.category_id;
    const section = categoryId ? (byId.get(categoryId)?.category_data?.name?.trim() ?? null) : null;
    const imageId = data.image_ids?.[0];
    const photoUrl = imageId ? (byId.get(imageId)?.image_data?.url ?? null) : null;
    const optionGroups = (data.modifier_list_info ?? []).map(groupOf).filter((group): group is PosOptionGroup => group !== null);
    const variations = (data.variations ?? []).filter((variation) => !variation.is_deleted);
    for (const variation of variations) {
      const variationName = variation.item_variation_data?.name?.trim();
      dishes.push({
        itemId: item.id,
        variationId: variation.id,
        name: variations.length > 1 && variationName ? `${data.name.trim()} (${variationName})` : data.name.trim(),
        description: data.description?.trim() ?? "",
        priceCents: cents(variation.item_variation_data?.price_money),
        section,
        photoUrl,
        optionGroups,
      });
    }
  }
  return dishes;
}

/** The variations (ITEM_VARIATION objects, or an ITEM's) marked sold out at `locationId`: the seller's "Mark sold out", location_overrides[].sold_out. */
export function soldOutIn(objects: CatalogObject[], locationId: string): Set<string> {
  const sold = new Set<string>();
  const variations = objects.flatMap((object): Variation[] => (object.type === "ITEM_VARIATION" ? [object] : (object.item_data?.variations ?? [])));
  for (const variation of variations)
    if (variation.item_variation_data?.location_overrides?.some((override) => override.location_id === locationId && override.sold_out)) sold.add(variation.id);
  return sold;
}

type Count = { catalog_object_id?: string; state?: string; location_id?: string; quantity?: string };
type Body = { merchant_id?: string; type?: string; data?: { object?: { inventory_counts?: Count[] } } };

/** A webhook's body: inventory.count.updated (an IN_STOCK count at zero or below is sold out) or catalog.version.updated; null for the rest. */
export function eventOfBody(text: string): PosEvent | null {
  let body: Body;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    return null;
  }
  if (typeof body.merchant_id !== "string") return null;
  if (body.type === "catalog.version.updated") return { merchantId: body.merchant_id, soldOut: [], catalogChanged: true };
  if (body.type !== "inventory.count.updated") return null;
  const counts = (body.data?.object?.inventory_counts ?? []).filter((count) => count.state === "IN_STOCK" && typeof count.catalog_object_id === "string");
  return {
    merchantId: body.merchant_id,
    soldOut: counts.map((count) => ({ variationId: count.catalog_object_id!, soldOut: Number(count.quantity ?? "0") <= 0 })),
    catalogChanged: false,
  };
}
