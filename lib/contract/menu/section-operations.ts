import { z } from "zod";
import { featuredSchema, sectionCreateSchema, sectionDishesSchema, sectionOrderSchema, sectionUpdateSchema } from "@/lib/contract/menu/section-rules";
import { deletedSchema } from "../common/schemas";
import { menuArrangementSchema, menuSectionSchema } from "./section-schemas";
import { op, restaurantManager } from "../define";
import { menuTranslationsSchema } from "@/lib/contract/menu/translation-rules";
import { MENU_LANGUAGES } from "@/lib/shared/menu/menu-translations";

// A restaurant owner's menu sections and featured dishes (docs/architecture/menu-sections.md).

const notYours = "Unknown restaurant or section, or not yours";

export const manageSectionOperations = [
  op("GET /api/manage/{id}/sections", {
    summary: "The menu's sections in order, each with its dishes in order, and the featured dishes (dishes in no section: the rest of the menu)",
    access: restaurantManager,
    keys: ["menu.read"],
    paging: { unpaged: "a menu's sections, a few dozen at most" },
    ok: { description: "The sections and featured dishes", schema: menuArrangementSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/sections", {
    summary:
      "Add a section, last on the menu: `name` (1-60 characters) and an optional time window `availableFrom`/`availableUntil` (HH:MM in the restaurant's zone, both or neither; until before from runs past midnight). Outside it its dishes cannot be added or checked out (409)",
    access: restaurantManager,
    keys: ["menu.write"],
    body: sectionCreateSchema,
    ok: { status: 201, description: "The section", schema: z.object({ section: menuSectionSchema }) },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: {
      matrix: { path: { id: "$restaurant" }, body: { name: "Matrix Lunch", availableFrom: "11:00", availableUntil: "15:00" } },
      fuzz: { valid: { name: "Fuzz Bowls" } },
    },
  }),
  op("PUT /api/manage/{id}/sections/{sectionId}", {
    summary: "Rename a section or change its window (the fields sent; the two times together)",
    access: restaurantManager,
    keys: ["menu.write"],
    body: sectionUpdateSchema,
    ok: { description: "The section", schema: z.object({ section: menuSectionSchema }) },
    errors: { 404: notYours },
    fixture: { matrix: { path: { id: "$restaurant", sectionId: "$section" }, body: { name: "Matrix Dinner" } }, fuzz: { valid: { name: "Fuzz Renamed" } } },
  }),
  op("DELETE /api/manage/{id}/sections/{sectionId}", {
    summary: "Delete a section: its dishes go back to the rest of the menu (unsectioned), nothing else changes",
    access: restaurantManager,
    keys: ["menu.write"],
    ok: { description: "Deleted", schema: deletedSchema },
    errors: { 404: notYours },
    fixture: { matrix: { path: { id: "$restaurant", sectionId: "$section" } } },
  }),
  op("PUT /api/manage/{id}/section-order", {
    summary: "The sections in a new order: `sectionIds` names every section of the restaurant once",
    access: restaurantManager,
    keys: ["menu.write"],
    body: sectionOrderSchema,
    ok: { description: "The sections and featured dishes", schema: menuArrangementSchema },
    errors: { 404: "Unknown restaurant, or not yours", 409: "The list is not the restaurant's sections (one added or deleted since): nothing changed" },
    fixture: { matrix: { fresh: true, path: { id: "$restaurant" }, body: { sectionIds: "$sectionOrder" } } },
  }),
  op("PUT /api/manage/{id}/sections/{sectionId}/dishes", {
    summary:
      "The section's dishes in this order (`menuItemIds`): a dish named from another section moves here (a dish is in at most one), one of its dishes not named goes back to unsectioned",
    access: restaurantManager,
    keys: ["menu.write"],
    body: sectionDishesSchema,
    ok: { description: "The sections and featured dishes", schema: menuArrangementSchema },
    errors: { 404: notYours },
    fixture: { matrix: { path: { id: "$restaurant", sectionId: "$section" }, body: { menuItemIds: ["$item"] } }, fuzz: { valid: { menuItemIds: [] } } },
  }),
  op("PUT /api/manage/{id}/featured", {
    summary: "The featured dishes in order (`menuItemIds`; none: nothing featured), shown first on the restaurant's page",
    access: restaurantManager,
    keys: ["menu.write"],
    body: featuredSchema,
    ok: { description: "The sections and featured dishes", schema: menuArrangementSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { menuItemIds: ["$item"] } }, fuzz: { valid: { menuItemIds: [] } } },
  }),
  op("PUT /api/manage/{id}/translations", {
    summary: `The menu in another language (\`language\`: ${MENU_LANGUAGES.join(", ")}): the words for any of its \`sections\` (name), \`dishes\` (name, description) and their \`optionGroups\` and \`options\` (name), each by id; "" removes one (the original shows again), what is left out stays. Customers reading that language see them, the original where none is given; search matches them too`,
    access: restaurantManager,
    keys: ["menu.write"],
    body: menuTranslationsSchema,
    ok: {
      description: "How many rows changed",
      schema: z.object({ language: z.enum(MENU_LANGUAGES), updated: z.number().int() }),
    },
    errors: { 400: "An id not on this menu (named by field), or a word too long", 404: "Unknown restaurant, or not yours" },
    fixture: {
      matrix: { path: { id: "$restaurant" }, body: { language: "es", dishes: [{ id: "$item", name: "Plato Matrix" }] } },
      fuzz: { valid: { language: "es", sections: [] } },
    },
  }),
];
