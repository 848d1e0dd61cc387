import { z } from "zod";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { deleteRestaurantQuerySchema, ownerMenuQuerySchema } from "@/lib/contract/restaurants/manage-rules";
import { restaurantUpdateSchema } from "@/lib/contract/restaurants/rules";
import { capacityInputSchema, kitchenInputSchema, soldOutInputSchema, startCookingInputSchema } from "@/lib/contract/restaurants/kitchen-rules";
import { deletedSchema } from "../common/schemas";
import { menuItemSchema } from "../menu/schemas";
import { restaurantPageSchema, restaurantSchema } from "./schemas";
import { MAX_PHOTO_BYTES } from "@/lib/contract/common/photo-rules";
import { op, list, withRestaurant, signedIn, restaurantOwner, restaurantStaff, restaurantManager } from "../define";

// A restaurant owner's restaurant: its details, photo, kitchen controls and menu (its orders: manage-orders.ts; promotions:
// manage-promotions.ts; downloads and payouts: manage-money.ts).

export const manageOperations = [
  op("GET /api/manage", {
    summary: "The caller's restaurants, active or not (empty when none)",
    access: signedIn,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "One page", schema: restaurantPageSchema },
    fixture: { matrix: {}, list: { as: "owner" } },
  }),
  op("PUT /api/manage/{id}", {
    summary: "Update the fields sent of one's restaurant (`businessHours` follows `hours`; text sent is checked and ignored)",
    access: restaurantOwner,
    body: restaurantUpdateSchema,
    ok: { description: "The restaurant", schema: withRestaurant },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: {
      matrix: { fresh: true, path: { id: "$restaurant" }, body: { name: "$uniqueName" } },
      fuzz: { valid: { description: "Updated by the fuzzer, still valid." } },
    },
  }),
  op("PUT /api/manage/{id}/photo", {
    summary:
      "Upload the restaurant's banner: JPEG, PNG, WebP or AVIF by content, at most 10 MB and 40 megapixels (fewer for AVIF and progressive JPEG, whose decoding holds the whole picture); optional form fields x, y, width, height crop it (pixels of the upright photo, cut at 16:7; none: centred). Stored re-encoded as WebP under /uploads/<hash>.webp; the old upload is removed",
    access: restaurantOwner,
    multipart: { field: "photo", description: "The image file (also accepted as `picture`, `image` or `file`)", maxBytes: MAX_PHOTO_BYTES },
    ok: { description: "The restaurant with its new storeImage", schema: withRestaurant },
    errors: { 404: "Unknown restaurant, or not yours", 413: "Photo larger than 10 MB", 415: "Not a JPEG, PNG, WebP or AVIF image" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("DELETE /api/manage/{id}", {
    summary: "`type=soft`: stop taking orders; `type=hard`: remove it (past orders keep their lines and totals)",
    access: restaurantOwner,
    query: deleteRestaurantQuerySchema,
    ok: {
      description: "soft: { message, restaurant }; hard: { message, id }",
      schema: z.union([z.object({ message: z.string(), restaurant: restaurantSchema }), deletedSchema]),
    },
    errors: { 404: "Unknown restaurant, or not yours", 409: "soft: the restaurant is suspended by Nosh (the message says why)" },
    fixture: {
      matrix: { fresh: true, before: ["$submittedOrder"], path: { id: "$restaurant" }, query: { type: "hard" } },
      fuzz: { queries: ["?type=soft", "?type=hard", "?type=", "?type=HARD", "?type[]=soft", "", "?type=soft&type=hard"] },
    },
  }),
  op("PUT /api/manage/{id}/kitchen", {
    summary:
      "The kitchen's controls (docs/architecture/kitchen.md), each field sent changed: `pause` new orders for now for 15, 30 or 60 minutes or the rest of the restaurant's day (`off` ends it; scheduled orders from its end on are taken); `busyExtraMinutes` (0, 10, 20) added to every prep time for the rest of the day; `autoAccept` new orders at once with `defaultPrepMinutes`",
    access: restaurantStaff,
    kitchenDevice: true,
    body: kitchenInputSchema,
    ok: { description: "The restaurant", schema: withRestaurant },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { busyExtraMinutes: 0 } } },
  }),
  op("PUT /api/manage/{id}/capacity", {
    summary:
      "The kitchen's capacity (docs/architecture/kitchen.md \"Capacity\"): at most `capacityPer15` orders (1 to 500) per quarter hour, or `null` for no limit. While a quarter hour is full, an order for now is a 409 naming `deliveryOption` and `nextSlot`, the first slot with room; a scheduled order counts against its own slot's quarter hour",
    access: restaurantManager,
    keys: ["orders.steps"],
    body: capacityInputSchema,
    ok: { description: "The capacity as saved", schema: z.object({ capacityPer15: z.number().int().nullable() }) },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { capacityPer15: null } } },
  }),
  op("PUT /api/manage/{id}/start-cooking", {
    summary:
      "Start cooking when the courier is `startCookingMinutes` (1 to 60) away, or `null`: off (docs/architecture/kitchen.md \"Start cooking when the courier is near\"). The board's answer carries it, and each accepted delivery order's card says when to start: from the courier's arrival, or before a courier is on the way from the order's ready time",
    access: restaurantManager,
    keys: ["orders.steps"],
    body: startCookingInputSchema,
    ok: { description: "The setting as saved", schema: z.object({ startCookingMinutes: z.number().int().nullable() }) },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { startCookingMinutes: null } } },
  }),
  op("PUT /api/manage/{id}/sold-out", {
    summary:
      "A dish (`menuItemId`: until the restaurant's next opening) or one of its choices (`optionId`: for today) sold out, or back (`soldOut: false`); a checkout holding a sold-out dish is a 409 naming it",
    access: restaurantManager,
    keys: ["soldout.write", "menu.write"],
    body: soldOutInputSchema,
    ok: {
      description: "What was marked",
      schema: z.object({ menuItemId: z.number().int(), optionId: z.number().int().nullable(), soldOutUntil: z.string().nullable() }),
    },
    errors: { 404: "Unknown restaurant, or not yours; a dish or choice not on its menu" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { menuItemId: "$item", soldOut: false } } },
  }),
  op("PUT /api/manage/{id}/reactivate", {
    summary: "Take orders again",
    access: restaurantOwner,
    ok: { description: "Reactivated", schema: z.object({ message: z.string(), restaurant: restaurantSchema }) },
    errors: { 404: "Unknown restaurant, or not yours", 409: "The restaurant is suspended by Nosh (the message says why)" },
    fixture: { matrix: { fresh: true, before: ["$deactivated"], path: { id: "$restaurant" } } },
  }),
  op("GET /api/manage/{id}/menu", {
    summary:
      "The restaurant's menu, newest first: every dish when no `limit` is given (the spec's `menu_items`, the whole menu); with `limit` (1-100) and `offset`, that page, `hasMore` and `nextOffset` saying whether more follow",
    access: restaurantManager,
    keys: ["menu.read"],
    paging: "limit-offset",
    query: ownerMenuQuerySchema,
    ok: {
      description: "The menu, or one page of it",
      schema: list("menu_items", menuItemSchema).extend({
        hasMore: z.boolean().meta({ description: "More dishes follow this page (always false without `limit`)" }),
        nextOffset: z.number().int().nullable().meta({ description: "The next page's offset, or null" }),
      }),
    },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } }, list: { as: "owner", path: { id: "$restaurant" } } },
  }),
];
