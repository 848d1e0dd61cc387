import { z } from "zod";
import { id } from "../common/schemas";

// A menu section's JSON, and the menu's arrangement: its sections and featured row (docs/architecture/menu-sections.md).

const clock = z.string().nullable().meta({ description: "HH:MM in the restaurant's zone; null with the other: all day" });

export const menuSectionSchema = z.object({
  id,
  restaurantId: id,
  name: z.string(),
  position: z.number().int().min(0).meta({ description: "Its place on the menu, from 0" }),
  availableFrom: clock,
  availableUntil: clock.meta({ description: "HH:MM, exclusive; before availableFrom: past midnight" }),
  menuItemIds: z.array(id).meta({ description: "Its dishes, in their order" }),
});
export type MenuSectionJson = z.infer<typeof menuSectionSchema>;

/** The menu's arrangement, as every owner's sections route answers it. */
export const menuArrangementSchema = z.object({
  sections: z.array(menuSectionSchema).meta({ description: "The sections in menu order, each with its dishes in order" }),
  featured: z.array(id).meta({ description: "The featured dishes' ids, in order" }),
});
export type MenuArrangementJson = z.infer<typeof menuArrangementSchema>;
