import { z } from "zod";
import { menuItemQuerySchema, pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { menuItemCreateSchema, menuItemUpdateSchema } from "@/lib/contract/menu/rules";
import { deletedSchema } from "../common/schemas";
import { menuItemSchema } from "./schemas";
import { MAX_PHOTO_BYTES } from "@/lib/contract/common/photo-rules";
import { op, anyone, signedIn, managerOf } from "../define";

// Dishes: reading them, their owner's edits, and favourites.

export const menuItemOperations = [
  op("GET /api/menu-items", {
    summary:
      "Dishes of restaurants taking orders (filter by restaurant or text; `diet=vegan` keeps dishes with every label listed, `allergenFree=peanuts` those with none of the allergens); `ids=1,2,3` returns those dishes whatever their restaurant's state",
    access: anyone,
    paging: "limit-offset",
    query: menuItemQuerySchema,
    ok: { description: "The dishes", schema: z.array(menuItemSchema) },
    fixture: { matrix: { query: { restaurantId: "$restaurant" } }, list: { as: "anyone", query: { restaurantId: "$restaurant" } } },
  }),
  op("GET /api/menu-items/{id}", {
    summary: "One dish",
    access: anyone,
    paging: { unpaged: "one dish" },
    ok: { description: "The dish", schema: menuItemSchema },
    errors: { 404: "Unknown dish" },
    fixture: { matrix: { path: { id: "$item" } } },
  }),
  op("POST /api/menu-items", {
    summary: "Add a dish to one's restaurant, with its option groups (see Dish options)",
    access: managerOf("body"),
    keys: ["menu.write"],
    body: menuItemCreateSchema,
    ok: { status: 201, description: "The new dish", schema: menuItemSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { body: "$matrixDish" }, fuzz: { valid: "$dishBody" } },
  }),
  op("PUT /api/menu-items/{id}", {
    summary: "Update the fields sent of one's dish; `optionGroups` sent replace its groups (see Dish options)",
    access: managerOf("dish"),
    keys: ["menu.write"],
    body: menuItemUpdateSchema,
    ok: { description: "The dish", schema: menuItemSchema },
    errors: { 404: "Unknown dish, or not yours" },
    fixture: {
      matrix: {
        fresh: true,
        path: { id: "$item" },
        body: { price: 9.5, name: "Matrix Burger", allows_instructions: true, option_groups: ["$optionGroup"], allergens: ["peanuts"], diet_labels: ["halal"] },
      },
      fuzz: { valid: { price: 9.5, option_groups: ["$optionGroup"], allergens: ["milk"], dietLabels: ["vegetarian"], mayContainNote: "Shared fryer" } },
    },
  }),
  op("PUT /api/menu-items/{id}/photo", {
    summary:
      "Upload the dish's photo: JPEG, PNG, WebP or AVIF by content, at most 10 MB and 40 megapixels (fewer for AVIF and progressive JPEG, whose decoding holds the whole picture); optional form fields x, y, width, height crop it (pixels of the upright photo, cut at 4:3; none: centred). Stored re-encoded as WebP under /uploads/<hash>.webp; the old upload is removed",
    access: managerOf("dish"),
    multipart: { field: "photo", description: "The image file (also accepted as `picture`, `image` or `file`)", maxBytes: MAX_PHOTO_BYTES },
    ok: { description: "The dish with its new food_image", schema: menuItemSchema },
    errors: { 404: "Unknown dish, or not yours", 413: "Photo larger than 10 MB", 415: "Not a JPEG, PNG, WebP or AVIF image" },
    fixture: { matrix: { path: { id: "$item" } } },
  }),
  op("DELETE /api/menu-items/{id}", {
    summary: "Remove one's dish (past order lines keep its name and price)",
    access: managerOf("dish"),
    keys: ["menu.write"],
    ok: { description: "Deleted", schema: deletedSchema },
    errors: { 404: "Unknown dish, or not yours" },
    fixture: { matrix: { path: { id: "$newItem" } } },
  }),
  op("POST /api/menu-items/{id}/like", {
    summary: "Toggle the caller's like",
    access: signedIn,
    ok: { description: "The dish", schema: menuItemSchema },
    errors: { 404: "Unknown dish" },
    fixture: { matrix: { path: { id: "$item" } } },
  }),
  op("GET /api/favorites", {
    resource: "Menu items",
    summary: "The caller's liked dishes, most recent first",
    access: signedIn,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "The dishes", schema: z.array(menuItemSchema) },
    fixture: { matrix: {}, list: { as: "customer" } },
  }),
];
