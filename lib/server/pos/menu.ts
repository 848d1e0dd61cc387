import "server-only";
import type { MenuImportResult } from "@/lib/contract/menu/file-schemas";
import { nameKey, type MenuFileRow } from "@/lib/shared/menu/menu-file";
import { db } from "../platform/db";
import { ApiError, conflict } from "../platform/errors";
import { menuFileRows, optionsCell } from "../menu/menu-file-export";
import { applyMenuImport, previewMenuImport } from "../menu/menu-file-import";
import { setMenuItemPhoto } from "../menu/owner-menu";
import type { Actor } from "../team/owned";
import { connectedPos } from "./connection";
import { PosError, type PosDish, type PosProvider } from "./providers/provider";
import { syncConnection } from "./sync";
import { said } from "@/lib/shared/words/said";

// The POS's catalog imported as a menu (docs/architecture/kitchen.md "The point of sale"): the
// catalog is written as a menu file (the export's JSON form) and goes through the menu file's own
// preview and apply (menu/menu-file-import.ts), so its rows are checked by the same rules, matched
// by name, and applied in one transaction. What the POS does not know of a dish already on the menu
// (its food type, allergens, diet labels, instructions, featured place, photo) is kept as it is; a
// new dish is an entree with no allergens named, for the owner to complete, and its POS photo is
// fetched once the menu is written. Once applied, each dish is linked to its POS variation
// (sold-out and orders follow the link), and synced at once.

/** The catalog as the menu file's rows, beside the menu's current ones. */
function rowsOf(dishes: PosDish[], current: MenuFileRow[]): MenuFileRow[] {
  const byName = new Map(current.map((row) => [nameKey(row.name), row]));
  return dishes.map((dish) => {
    const before = byName.get(nameKey(dish.name));
    return {
      section: dish.section ?? "",
      position: "",
      featured: before?.featured ?? "",
      name: dish.name,
      description: dish.description,
      price: (dish.priceCents / 100).toFixed(2),
      food_type: before?.food_type ?? "entree",
      allergens: before?.allergens ?? "",
      may_contain: before?.may_contain ?? "",
      may_contain_note: before?.may_contain_note ?? "",
      diet_labels: before?.diet_labels ?? "",
      allows_instructions: before?.allows_instructions ?? "yes",
      options: optionsCell(dish.optionGroups.map((group) => ({ name: group.name, minChoices: group.min, maxChoices: group.max, options: group.options }))),
      photo_url: before?.photo_url || dish.photoUrl || "",
    };
  });
}

async function catalogFile(actor: Actor, restaurantId: number) {
  const { provider, auth, connection } = await connectedPos(actor, restaurantId);
  let dishes: PosDish[];
  try {
    dishes = await provider.catalog(auth);
  } catch (error) {
    if (error instanceof PosError) throw conflict(said("messages.posFailed"));
    throw error;
  }
  const text = JSON.stringify({ dishes: rowsOf(dishes, await menuFileRows(actor, restaurantId)) });
  return { text, dishes, connection, provider };
}

/** The dry run: what importing the POS's catalog would do, nothing written. */
export async function previewPosImport(actor: Actor, restaurantId: number): Promise<MenuImportResult> {
  const { text } = await catalogFile(actor, restaurantId);
  return previewMenuImport(actor, restaurantId, text);
}

/** The catalog applied as the menu file's import, each dish written linked to its POS variation, then synced. */
export async function applyPosImport(actor: Actor, restaurantId: number): Promise<MenuImportResult> {
  const { text, dishes, connection, provider } = await catalogFile(actor, restaurantId);
  const result = await applyMenuImport(actor, restaurantId, text);
  const written = new Set([...result.created, ...result.updated].map((dish) => nameKey(dish.name)));
  const menu = await db.menuItem.findMany({ where: { restaurantId }, select: { id: true, name: true } });
  const byName = new Map(menu.map((dish) => [nameKey(dish.name), dish]));
  for (const dish of dishes) {
    const item = written.has(nameKey(dish.name)) ? byName.get(nameKey(dish.name)) : undefined;
    if (!item) continue;
    // The modifiers by "group / option" name: an order line's choices are named so.
    const modifiers = Object.fromEntries(
      dish.optionGroups.flatMap((group) => group.options.map((option) => [`${nameKey(group.name)}/${nameKey(option.name)}`, option.modifierId])),
    );
    const data = { restaurantId, itemId: dish.itemId, variationId: dish.variationId, modifiers: JSON.stringify(modifiers) };
    await db.posLink.upsert({ where: { menuItemId: item.id }, create: { menuItemId: item.id, ...data }, update: data });
  }
  await syncConnection(connection.id);
  return { ...result, needsPhoto: await fetchPhotos(actor, provider, dishes, result.needsPhoto, byName) };
}

/**
 * The new dishes' photos fetched from the POS (the menu file never fetches one: the import gave
 * them the placeholder) and stored as an upload is; those it could not have stay listed to upload.
 */
async function fetchPhotos(
  actor: Actor,
  provider: PosProvider,
  dishes: PosDish[],
  wanted: MenuImportResult["needsPhoto"],
  byName: Map<string, { id: number }>,
): Promise<MenuImportResult["needsPhoto"]> {
  const urls = new Map(dishes.flatMap((dish) => (dish.photoUrl ? [[nameKey(dish.name), dish.photoUrl] as const] : [])));
  const left: MenuImportResult["needsPhoto"] = [];
  for (const row of wanted) {
    const url = urls.get(nameKey(row.name));
    const item = byName.get(nameKey(row.name));
    const bytes = url && item ? await provider.photo(url).catch(() => null) : null;
    const stored =
      bytes && item
        ? await setMenuItemPhoto(actor, item.id, { bytes }).then(
            () => true,
            (error: unknown) => {
              if (error instanceof ApiError) return false;
              throw error;
            },
          )
        : false;
    if (!stored) left.push(row);
  }
  return left;
}
