import { z } from "zod";
import { BUSY_CHOICES, PAUSE_CHOICES } from "@/lib/shared/kitchen/kitchen";
import { PREP_MINUTES } from "@/lib/shared/orders/order-stages";
import { CAPACITY_LIMITS } from "@/lib/shared/kitchen/kitchen-capacity";
import { START_COOKING_LIMITS } from "@/lib/shared/kitchen/start-cooking";
import { said } from "@/lib/shared/words/said";

// The owner's kitchen controls (docs/architecture/kitchen.md): PUT /api/manage/{id}/kitchen and
// PUT /api/manage/{id}/sold-out. Each field sent is changed; the others are kept.

export const KITCHEN_SAID = {
  pause: said("rules.kitchen.pause"),
  busyExtraMinutes: said("rules.kitchen.busy"),
  autoAccept: said("rules.common.trueOrFalse", { field: "autoAccept" }),
  defaultPrepMinutes: said("rules.common.wholeFrom", { field: "defaultPrepMinutes", min: PREP_MINUTES.min, max: PREP_MINUTES.max }),
  nothing: said("rules.kitchen.nothing"),
  soldOut: said("rules.common.trueOrFalse", { field: "soldOut" }),
  which: said("rules.kitchen.soldOutWhat"),
  id: (field: string) => said("rules.common.positiveWhole", { field: field }),
  capacityPer15: said("rules.kitchen.capacity", { min: CAPACITY_LIMITS.min, max: CAPACITY_LIMITS.max }),
  startCookingMinutes: said("rules.kitchen.startCooking", { min: START_COOKING_LIMITS.min, max: START_COOKING_LIMITS.max }),
} as const;
const M = KITCHEN_SAID;

export const kitchenInputSchema = z
  .object({
    pause: z.enum([...PAUSE_CHOICES, "off"], { error: M.pause }).optional(),
    busyExtraMinutes: z
      .number({ error: M.busyExtraMinutes })
      .refine((value) => (BUSY_CHOICES as readonly number[]).includes(value), M.busyExtraMinutes)
      .optional(),
    autoAccept: z.boolean({ error: M.autoAccept }).optional(),
    defaultPrepMinutes: z
      .number({ error: M.defaultPrepMinutes })
      .int(M.defaultPrepMinutes)
      .min(PREP_MINUTES.min, M.defaultPrepMinutes)
      .max(PREP_MINUTES.max, M.defaultPrepMinutes)
      .optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: M.nothing, path: ["pause"] });
export type KitchenInput = z.output<typeof kitchenInputSchema>;

const positiveId = (field: string) =>
  z
    .number({ error: M.id(field) })
    .int(M.id(field))
    .positive(M.id(field))
    .max(2_147_483_647, M.id(field));

/** A dish, or one of its choices, sold out (until the restaurant's next opening) or back. */
export const soldOutInputSchema = z
  .object({
    menuItemId: positiveId("menuItemId").optional(),
    optionId: positiveId("optionId").optional(),
    soldOut: z.boolean({ error: M.soldOut }),
  })
  .refine((input) => (input.menuItemId === undefined) !== (input.optionId === undefined), { message: M.which, path: ["menuItemId"] });
export type SoldOutInput = z.output<typeof soldOutInputSchema>;

/** The kitchen's capacity (docs/architecture/kitchen.md "Capacity"): at most this many orders per quarter hour, or null: no limit. */
export const capacityInputSchema = z.object({
  capacityPer15: z.number({ error: M.capacityPer15 }).int(M.capacityPer15).min(CAPACITY_LIMITS.min, M.capacityPer15).max(CAPACITY_LIMITS.max, M.capacityPer15).nullable(),
});
export type CapacityInput = z.output<typeof capacityInputSchema>;

/** Start cooking when the courier is this many minutes away (docs/architecture/kitchen.md "Start cooking when the courier is near"), or null: off. */
export const startCookingInputSchema = z.object({
  startCookingMinutes: z
    .number({ error: M.startCookingMinutes })
    .int(M.startCookingMinutes)
    .min(START_COOKING_LIMITS.min, M.startCookingMinutes)
    .max(START_COOKING_LIMITS.max, M.startCookingMinutes)
    .nullable(),
});
export type StartCookingInput = z.output<typeof startCookingInputSchema>;
