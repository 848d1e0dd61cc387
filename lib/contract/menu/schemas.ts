import { z } from "zod";
import { CUISINES, FOOD_TYPES } from "@/lib/shared/constants";
import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import { id, instant, money, stored } from "../common/schemas";

// A dish's JSON, with its restaurant and its choices.

export const menuItemSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  price: money,
  food_image: z.string(),
  food_type: stored(FOOD_TYPES),
  restaurantId: id,
  restaurant_name: z.string(),
  restaurant_owner_id: id,
  restaurant: z.object({
    id,
    name: z.string(),
    ownerId: id,
    servicing: z.boolean(),
    storeImage: z.string(),
    cuisineType: stored(CUISINES),
  }),
  likes: z.array(id).meta({ description: "Ids of the users who favour the item" }),
  likeCount: z.number().int(),
  allowsInstructions: z.boolean().meta({ description: "A line of this dish may carry special instructions (up to 200 characters)" }),
  soldOutUntil: instant
    .nullable()
    .meta({ description: "Marked sold out by its restaurant until this instant (its next opening): a checkout with it is a 409; null: available" }),
  sectionId: id.nullable().meta({ description: "The owner's menu section it sits in (docs/architecture/menu-sections.md); null: none" }),
  sectionPosition: z.number().int().min(0).meta({ description: "Its place in its section, from 0" }),
  featuredPosition: z.number().int().min(0).nullable().meta({ description: "Its place among the featured dishes shown first; null: not featured" }),
  optionGroups: z
    .array(
      z.object({
        id,
        name: z.string(),
        required: z.boolean().meta({ description: "minChoices >= 1" }),
        minChoices: z.number().int().min(0),
        maxChoices: z.number().int().min(1),
        options: z.array(
          z.object({
            id,
            name: z.string(),
            priceDelta: money.meta({ description: "Dollars added to the dish's price per unit, 0 to 50" }),
            available: z.boolean().meta({ description: "False: sold out for today (available again tomorrow)" }),
            allergens: z.array(z.enum(ALLERGENS)).meta({ description: "Allergens choosing it adds to the dish (extra cheese: milk)" }),
            removesLabels: z.array(z.enum(DIET_CODES)).meta({
              description:
                "Diet labels choosing it takes away (pepperoni: vegetarian, vegan, halal); an added gluten, milk, egg, fish or shellfish allergen takes its labels too",
            }),
          }),
        ),
      }),
    )
    .meta({ description: "The dish's choices in display order; an order line names the options chosen (lib/shared/menu/options.ts)" }),
  allergens: z.array(z.enum(ALLERGENS)).meta({ description: "The EU's 14 allergens the dish contains (docs/architecture/allergens.md)" }),
  mayContain: z.array(z.enum(ALLERGENS)).meta({ description: "Allergens the dish may contain (traces)" }),
  mayContainNote: z.string().meta({ description: 'The restaurant\'s free "may contain" note ("" when none)' }),
  dietLabels: z.array(z.enum(DIET_CODES)).meta({ description: "vegetarian, vegan, gluten-free, halal, kosher, spicy" }),
});
export type MenuItemJson = z.infer<typeof menuItemSchema>;
