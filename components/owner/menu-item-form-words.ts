import "server-only";
import { getWords } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";
import type { MenuItemFormWords } from "./menu-item-form";

/** The menu item form's words in the request's language (menu-items/new and menu-items/{id}/update). */
export async function menuItemFormWords(): Promise<MenuItemFormWords> {
  const [menus, allergens, rules] = await Promise.all([getWords("menus"), getWords("allergens"), formRules("dish")]);
  const { itemForm, common, options, photo, preview } = menus;
  return { itemForm, common, allergens: menus.allergens, options, photo, preview, allergenNames: allergens.names, dietNames: allergens.diets, rules };
}
