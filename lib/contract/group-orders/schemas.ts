import { z } from "zod";
import { id, instant, money, stored } from "../common/schemas";
import { orderSchema } from "../orders/schemas";

// Group orders (docs/architecture/group-orders.md "Group orders").
const groupLineSchema = z.object({
  id,
  participantId: id,
  participantName: z.string(),
  mine: z.boolean().meta({ description: "The caller added it (and may change it)" }),
  menuItemId: id,
  name: z.string(),
  quantity: z.number().int().min(1).max(20),
  unitPrice: money.meta({ description: "Today's unit price: the dish's price plus its chosen options' deltas" }),
  options: z.array(z.object({ name: z.string(), priceDelta: money })),
  instructions: z.string().nullable(),
  lineTotal: money,
});

export const groupSchema = z.object({
  token: z.string().meta({ description: "The capability: whoever has it (and signs in) can read and join while the group is open or locked" }),
  status: stored(["open", "locked", "placed", "canceled"]),
  restaurant: z.object({ id, name: z.string(), storeImage: z.string() }),
  host: z.object({ name: z.string() }),
  you: z.object({ participantId: id.nullable().meta({ description: "Null until the caller joins" }), isHost: z.boolean() }),
  deadline: instant.nullable().meta({ description: "After it participants can no longer change their items (the host still can)" }),
  expiresAt: instant.meta({ description: "Created + 24 h: the link stops working (participants of a placed group can still read it)" }),
  version: z.number().int().positive().meta({ description: "Bumped by every change: poll with ?since=<version> (204 while unchanged)" }),
  lockedAt: instant.nullable(),
  participants: z.array(z.object({ id, displayName: z.string(), isHost: z.boolean(), subtotal: money, lineCount: z.number().int().min(0) })),
  lines: z.array(groupLineSchema),
  subtotal: money,
  order: orderSchema.nullable().meta({ description: "The placed order (the host's), once checked out: participants follow it here" }),
});
export type GroupJson = z.infer<typeof groupSchema>;

export const groupCheckoutSchema = z.object({ order: orderSchema, group: groupSchema });
export type GroupCheckoutJson = z.infer<typeof groupCheckoutSchema>;
