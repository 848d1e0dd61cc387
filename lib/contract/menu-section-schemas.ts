import { z } from "zod";
import { id } from "./common-schemas";

// A menu section's JSON (docs/architecture/menu-sections.md).

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
