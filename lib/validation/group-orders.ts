import { z } from "zod";
import { idNumber as id } from "./id";
import { lineChoiceFields } from "./options";
import { requiredText } from "./fields";
import { GROUP_LOCKED } from "@/lib/shared/messages";

// Group orders' request bodies (docs/architecture/group-orders.md "Group orders"). Whether a line's choices
// fit its dish is the server's check, as for cart lines (lib/server/orders/lines.ts).

export const GROUP_LIMITS = { participants: 25, lines: 100, quantity: 20, displayName: 30, hours: 24 } as const;

export const GROUP_MESSAGES = {
  locked: GROUP_LOCKED,
  full: "This group order is full",
  tooManyLines: `This group order already has ${GROUP_LIMITS.lines} items`,
  notJoined: "Join this group order first",
  notYourLine: "You can only change your own items",
  hostOnly: "Only the host can do this",
  notLocked: "Lock the group order before checking out",
  empty: "This group order has no items yet",
  placed: "This group order was already placed",
  quantity: `quantity must be a whole number from 1 to ${GROUP_LIMITS.quantity}`,
  displayName: `displayName must be 1 to ${GROUP_LIMITS.displayName} characters`,
  deadline: "deadline must be an ISO date and time in the future, before the group order expires",
} as const;

/** An add that would take one's line of a dish past GROUP_LIMITS.quantity (the same choices are one line). */
export const groupLineFullMessage = (dish: string, has: number) => `You already have ${has} of ${dish} in this group order: at most ${GROUP_LIMITS.quantity} in one line`;

const quantity = z
  .number({ error: GROUP_MESSAGES.quantity })
  .int(GROUP_MESSAGES.quantity)
  .min(1, GROUP_MESSAGES.quantity)
  .max(GROUP_LIMITS.quantity, GROUP_MESSAGES.quantity);

/** POST /api/group-orders { restaurantId } */
export const createGroupSchema = z.object({ restaurantId: id("restaurantId") });

/** POST /api/group-orders/{token}/participants { displayName } */
export const joinGroupSchema = z.object({
  displayName: requiredText("displayName", GROUP_MESSAGES.displayName).pipe(z.string().max(GROUP_LIMITS.displayName, GROUP_MESSAGES.displayName)),
});

/** POST /api/group-orders/{token}/lines { menuItemId, quantity, options?, instructions? } */
export const addGroupLineSchema = z.object({ menuItemId: id("menuItemId"), quantity, ...lineChoiceFields });
export type AddGroupLineInput = z.output<typeof addGroupLineSchema>;

/** PATCH /api/group-orders/{token}/lines/{lineId} { quantity } */
export const updateGroupLineSchema = z.object({ quantity });

/** PATCH /api/group-orders/{token} { locked?, deadline? } (host only) */
export const updateGroupSchema = z
  .object({
    locked: z.boolean({ error: "locked must be true or false" }).optional(),
    deadline: z.iso.datetime({ offset: true, error: GROUP_MESSAGES.deadline }).nullable().optional(),
  })
  .refine((body) => body.locked !== undefined || body.deadline !== undefined, { message: "Send locked or deadline", path: ["locked"] });
export type UpdateGroupInput = z.output<typeof updateGroupSchema>;

/** GET /api/group-orders/{token}?since=<version>: 204 when the group is still at that version. */
export const groupQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,9}$/, "since must be a version number")
    .transform(Number)
    .optional(),
});

/** The token in the path: base64url; anything else can only be a 404 (never a 400 that tells a shape). */
export const GROUP_TOKEN = /^[A-Za-z0-9_-]{22,64}$/;
