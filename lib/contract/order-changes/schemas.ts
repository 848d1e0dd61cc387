import { z } from "zod";
import { CHANGE_STATES } from "@/lib/shared/orders/accepted-order-changes";
import { id, instant, money } from "../common/schemas";

// A change of an accepted order (docs/architecture/order-changes.md): a line the kitchen marked unavailable and its answer.

export const orderChangeSchema = z.object({
  id,
  orderId: id,
  orderItemId: id.meta({ description: "The order's line (gone from the order once removed whole)" }),
  itemName: z.string(),
  itemPrice: money.meta({ description: "The line's unit price, options included" }),
  quantity: z.number().int().min(1),
  replacement: z
    .object({
      id,
      name: z.string(),
      price: money.meta({ description: "The dish's price as offered, before its options" }),
      hasOptions: z.boolean().meta({ description: "While asked: the dish has option groups, and `replace` carries the chosen `options`" }),
    })
    .nullable()
    .meta({ description: "The dish the kitchen suggests instead; null: removal only" }),
  state: z.enum(CHANGE_STATES).meta({ description: "asked (waiting for the customer until answerBy), replaced, removed, or expired (removed: no answer in time)" }),
  delta: z.number().meta({ description: "Dollars the answer moved: negative refunded, positive charged; 0 while asked" }),
  answerBy: instant,
  createdAt: instant,
  answeredAt: instant.nullable(),
});

export const orderChangesSchema = z.object({ changes: z.array(orderChangeSchema) });
export const orderChangeCreatedSchema = z.object({ change: orderChangeSchema });
