import { z } from "zod";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { restaurantSchema } from "./schemas";
import { op, signedIn } from "../define";

// Favourite restaurants (docs/architecture/customer-data.md). The dishes' own
// favourites are the like toggle and GET /api/favorites (./menu-items.ts).

const orderAgainSchema = z.array(z.object({ restaurant: restaurantSchema, lastOrderId: z.number().int(), lastOrderedAt: z.iso.datetime() }));
const favoriteSchema = z.object({ restaurantId: z.number().int(), favorite: z.boolean() });

export const favoriteOperations = [
  op("PUT /api/restaurants/{id}/favorite", {
    summary: "Make the restaurant one of the caller's favourites; idempotent (a repeat, or 20 at once, keeps one)",
    access: signedIn,
    ok: { description: "The restaurant is a favourite", schema: favoriteSchema },
    errors: { 404: "Unknown restaurant" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("DELETE /api/restaurants/{id}/favorite", {
    summary: "Take the restaurant off the caller's favourites; idempotent",
    access: signedIn,
    ok: { description: "The restaurant is no favourite", schema: favoriteSchema },
    errors: { 404: "Unknown restaurant" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("GET /api/favorites/restaurants", {
    summary: "The caller's favourite restaurants, most recently added first",
    access: signedIn,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "The restaurants", schema: z.array(restaurantSchema) },
    fixture: { matrix: {}, list: { as: "customer" } },
  }),
  op("GET /api/orders/again", {
    summary:
      "/home's \"Order again\": the caller's most recent restaurants from their placed orders (each once, newest first), each with its last order, which POST /api/orders/{id}/reorder rebuilds",
    access: signedIn,
    paging: { unpaged: "at most ORDER_AGAIN_SIZE (8) restaurants" },
    ok: { description: "The restaurants and their last orders", schema: orderAgainSchema },
    fixture: { matrix: {} },
  }),
];
