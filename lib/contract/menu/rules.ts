import { z } from "zod";
import { FOOD_TYPES } from "@/lib/shared/constants";
import { dollarsInput, issuesByField, numberInput, requiredText } from "../common/field-rules";
import { idNumber } from "../common/id-rules";
import { menuItemFormToBody, type FieldErrors, type MenuItemFormMode, type MenuItemFormValues, type RuleWords } from "../zod-free/form-values";
import { dishOptionFields } from "./option-rules";
import { dishAllergenFields } from "./allergen-rules";
import { isImageLocation, isLocalImagePath, isUrlWithScheme } from "../common/image-url-rules";
import { dishTranslationsSchema } from "./translation-rules";
import { said, word } from "@/lib/shared/words/said";

export { menuItemFormToBody, REQUIRED_MENU_ITEM_FIELDS, type MenuItemFormMode, type MenuItemFormValues } from "../zod-free/form-values";

// Menu item rules. Creating and updating have different rules in the spec
// (update alone limits names to letters and spaces and takes ftp image URLs); both accept a
// photo already on this site, so an item made from a demo photo can still be edited.

export const MENU_ITEM_SAID = {
  restaurantRequired: said("messages.required", { label: word("restaurant") }),
  nameRequired: said("messages.nameRequired"),
  nameLong: said("rules.common.atMost", { field: word("name"), count: 60 }),
  nameLetters: said("rules.menuItem.nameLetters"),
  descriptionShort: said("rules.menuItem.descriptionShort"),
  descriptionLong: said("rules.common.atMost", { field: word("description"), count: 500 }),
  priceRequired: said("messages.priceRequired"),
  priceNumber: said("rules.common.number", { field: word("price") }),
  pricePositive: said("rules.menuItem.pricePositive"),
  priceMax: said("rules.menuItem.priceMax"),
  priceDecimals: said("rules.menuItem.priceDecimals"),
  imageRequired: said("messages.imageRequired"),
  image: said("rules.menuItem.image"),
  imageScheme: said("rules.menuItem.imageScheme"),
  foodType: said("rules.menuItem.foodType"),
} as const;
const M = MENU_ITEM_SAID;

const description = requiredText(word("description"), M.descriptionShort, { multiline: true }).min(5, M.descriptionShort).max(500, M.descriptionLong);
const price = dollarsInput(numberInput(M.priceRequired, M.priceNumber).gt(0, M.pricePositive).max(1000, M.priceMax), M.priceDecimals);
const foodType = z.enum(FOOD_TYPES, { error: M.foodType });
const createName = requiredText(word("name"), M.nameRequired).max(60, M.nameLong);
const createImage = requiredText(word("image"), M.imageRequired).max(500, M.image).refine(isImageLocation, M.image);

/**
 * The dish form's rules for the fields a menu file carries as text (docs/architecture/menu-file.md):
 * the import checks each cell with the same rule the form and POST /api/menu-items use, so a
 * character one refuses (a NUL, a bell, a right-to-left override) the others refuse too.
 */
export const DISH_FIELD_RULES = {
  name: createName,
  description,
  price,
  foodImage: createImage,
  mayContainNote: dishAllergenFields.mayContainNote.unwrap(),
} as const;

function toColumns<T extends { price?: number }>({ price: cents, ...rest }: T) {
  return { ...rest, ...(cents === undefined ? {} : { priceCents: cents }) };
}

/** POST /api/menu-items/ { restaurant_id, name, description, price, food_image, food_type, allowsInstructions?, optionGroups?, allergens?, mayContain?, mayContainNote?, dietLabels? }. */
export const menuItemCreateSchema = z
  .object({
    restaurantId: idNumber("restaurantId", M.restaurantRequired),
    name: createName,
    description,
    price,
    foodImage: createImage,
    foodType,
    allowsInstructions: dishOptionFields.allowsInstructions.optional().default(false),
    optionGroups: dishOptionFields.optionGroups.optional().default([]),
    ...dishAllergenFields,
    // Optional: its name and description in other languages (docs/architecture/languages.md "Menus in several languages").
    translations: dishTranslationsSchema.optional(),
  })
  .transform((body) => toColumns(body) as Omit<typeof body, "price"> & { priceCents: number });
export type MenuItemCreate = z.output<typeof menuItemCreateSchema>;

const updateFields = {
  name: requiredText(word("name"), M.nameRequired)
    .max(60, M.nameLong)
    .regex(/^[\p{L} ]+$/u, M.nameLetters),
  description,
  price,
  foodImage: requiredText(word("image"), M.imageRequired)
    .max(500, M.imageScheme)
    .refine((v) => isUrlWithScheme(v, ["ftp", "http", "https"]) || isLocalImagePath(v), M.imageScheme),
  foodType,
};

/**
 * PUT /api/menu-items/{id}: the fields sent; the restaurant of an item never changes. Option
 * groups sent replace the dish's (lib/contract/menu/option-rules.ts); left out, they stay as they are.
 */
export const menuItemUpdateSchema = z
  .object({ ...updateFields, ...dishOptionFields, ...dishAllergenFields, translations: dishTranslationsSchema })
  .partial()
  .transform(toColumns);
export type MenuItemUpdate = z.output<typeof menuItemUpdateSchema>;

/** The update form sends every field, so it checks them all as required. */
const menuItemUpdateFormSchema = z.object(updateFields);

/** The form's live errors by field, from the server's own rules. */
export function menuItemFormErrors(mode: MenuItemFormMode, values: MenuItemFormValues, words?: RuleWords): FieldErrors {
  const schema = mode === "create" ? menuItemCreateSchema : menuItemUpdateFormSchema;
  return issuesByField(schema, menuItemFormToBody(mode, values), words);
}
