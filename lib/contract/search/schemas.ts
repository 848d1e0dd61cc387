import { z } from "zod";
import { CUISINES } from "@/lib/shared/constants";
import { stored } from "../common/schemas";
import { menuItemSchema } from "../menu/schemas";
import { restaurantSchema } from "../restaurants/schemas";

/** GET /api/search: restaurants and dishes matching the text and filters (docs/architecture/search.md#search). */
export const searchRestaurantSchema = restaurantSchema.extend({
  takingOrders: z.boolean().meta({ description: "Open for orders (deactivated restaurants are found too)" }),
});
export const searchDishSchema = menuItemSchema.extend({
  restaurant: menuItemSchema.shape.restaurant.extend({
    cuisine: stored(CUISINES),
    takingOrders: z.boolean().meta({ description: "The restaurant is open for orders" }),
  }),
});
export const searchResultSchema = z.object({
  restaurants: z.array(searchRestaurantSchema),
  dishes: z.array(searchDishSchema),
  total: z
    .object({ restaurants: z.number().int(), dishes: z.number().int() })
    .meta({ description: "All matches of each kind (the lists are one page of them); 0 for a kind `type` left out" }),
  facets: z.object({
    cuisine: z
      .record(z.string(), z.number().int())
      .meta({ description: "Restaurants matching the text and every filter but cuisine, per cuisine (cuisines with none left out)" }),
    diet: z.record(z.string(), z.number().int()).meta({
      description: "Dishes matching the text and every filter but diet, per diet label they carry (labels with none left out; {} when `type` leaves dishes out)",
    }),
    allergenFree: z
      .record(z.string(), z.number().int())
      .meta({ description: "Dishes matching the text and every filter but allergenFree, per allergen they do not contain (allergens with none left out)" }),
  }),
  suggestion: z
    .string()
    .nullable()
    .meta({ description: 'When the text as typed matched nothing: the closest words the names hold ("piza" -> "pizza"); the lists are then that text\'s results' }),
});
export const nearestZipSchema = z.object({
  zip: z.string().meta({ description: "Five digits: 94110" }),
  city: z.string(),
  state: z.string().meta({ description: "Two letters: CA" }),
  km: z.number().meta({ description: "From the position to the ZIP code's centre, to 0.1 km" }),
});
export const locatedSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string().meta({ description: "Two letters: CA" }),
  zip: z.string().meta({ description: "Five digits: 94103" }),
  lat: z.number(),
  lng: z.number(),
  precision: z
    .enum(["rooftop", "street", "zip"])
    .meta({ description: "How precisely the geocoder placed it: its building, its street, or only its ZIP code's centre (a pin is then needed)" }),
  centre: z.object({ lat: z.number(), lng: z.number() }).meta({ description: "The ZIP code's centre (where a pin's map opens; a pin must lie within 5 km of it)" }),
});
export type SearchRestaurantJson = z.infer<typeof searchRestaurantSchema>;
export type SearchDishJson = z.infer<typeof searchDishSchema>;
export type SearchResultJson = z.infer<typeof searchResultSchema>;
export type LocatedJson = z.infer<typeof locatedSchema>;
