import { z } from "zod";
import { idNumber as id } from "../common/id-rules";
import { lineChoiceFields } from "../menu/option-rules";
import { requiredText } from "../common/field-rules";
import { GROUP_LOCKED } from "@/lib/shared/words/messages";
import { said } from "@/lib/shared/words/said";

// Group orders' request bodies (docs/architecture/group-orders.md "Group orders"). Whether a line's choices
// fit its dish is the server's check, as for cart lines (lib/server/orders/lines.ts).

export const GROUP_LIMITS = { participants: 25, lines: 100, quantity: 20, displayName: 30, hours: 24 } as const;

export const GROUP_SAID = {
  locked: GROUP_LOCKED,
  tooManyLines: said("messages.groupLines", { count: GROUP_LIMITS.lines }),
  quantity: said("rules.common.wholeFrom", { field: "quantity", min: "1", max: GROUP_LIMITS.quantity }),
  displayName: said("rules.groupOrders.displayName", { max: GROUP_LIMITS.displayName }),
} as const;

/** An add that would take one's line of a dish past GROUP_LIMITS.quantity (the same choices are one line). */
export const groupLineFullMessage = (dish: string, has: number) => said("rules.groupOrders.lineMax", { has: has, dish: dish, max: GROUP_LIMITS.quantity });

const quantity = z.number({ error: GROUP_SAID.quantity }).int(GROUP_SAID.quantity).min(1, GROUP_SAID.quantity).max(GROUP_LIMITS.quantity, GROUP_SAID.quantity);

/** POST /api/group-orders { restaurantId } */
export const createGroupSchema = z.object({ restaurantId: id("restaurantId") });

/** POST /api/group-orders/{token}/participants { displayName } */
export const joinGroupSchema = z.object({
  displayName: requiredText("displayName", GROUP_SAID.displayName).pipe(z.string().max(GROUP_LIMITS.displayName, GROUP_SAID.displayName)),
});

/** POST /api/group-orders/{token}/lines { menuItemId, quantity, options?, instructions? } */
export const addGroupLineSchema = z.object({ menuItemId: id("menuItemId"), quantity, ...lineChoiceFields });
export type AddGroupLineInput = z.output<typeof addGroupLineSchema>;

/** PATCH /api/group-orders/{token}/lines/{lineId} { quantity } */
export const updateGroupLineSchema = z.object({ quantity });

/** PATCH /api/group-orders/{token} { locked?, deadline? } (host only) */
export const updateGroupSchema = z
  .object({
    locked: z.boolean({ error: said("rules.common.trueOrFalse", { field: "locked" }) }).optional(),
    deadline: z.iso
      .datetime({ offset: true, error: said("rules.groupOrders.deadline") })
      .nullable()
      .optional(),
  })
  .refine((body) => body.locked !== undefined || body.deadline !== undefined, { message: said("rules.groupOrders.nothing"), path: ["locked"] });
export type UpdateGroupInput = z.output<typeof updateGroupSchema>;

/** GET /api/group-orders/{token}?since=<version>: 204 when the group is still at that version. */
export const groupQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,9}$/, said("rules.groupOrders.since"))
    .transform(Number)
    .optional(),
});

/** The token in the path: base64url; anything else can only be a 404 (never a 400 that tells a shape). */
export const GROUP_TOKEN = /^[A-Za-z0-9_-]{22,64}$/;
