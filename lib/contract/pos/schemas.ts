import { z } from "zod";
import { id, instant } from "../common/schemas";

// The point-of-sale link as the settings page reads it (docs/architecture/kitchen.md "The point of
// sale"): never a token.

export const posStatusSchema = z.object({
  provider: z.enum(["builtin", "square"]).nullable().meta({ description: "The POS this site links to (POS); null: none can be linked" }),
  connection: z
    .object({
      provider: z.string(),
      merchantId: z.string().meta({ description: "The seller's id at the POS" }),
      locationId: z.string().meta({ description: "The location orders go to and sold-out is read at" }),
      connectedAt: instant,
      lastSyncAt: instant.nullable().meta({ description: "The last sold-out sync that worked; null: none yet" }),
      lastSyncError: z.string().nullable().meta({ description: "What the POS answered the last sync that failed" }),
      dishes: z.number().int().meta({ description: "Dishes linked to the POS's items" }),
      ordersPushed: z.number().int(),
      ordersWaiting: z.number().int().meta({ description: "Accepted orders still to push (retrying or failed)" }),
    })
    .nullable(),
});
export type PosStatusJson = z.output<typeof posStatusSchema>;

export const posAuthorizeSchema = z.object({ url: z.string().meta({ description: "The POS's authorize page: send the seller there" }) });
export const posConnectedSchema = z.object({ restaurantId: id });
export const posDisconnectedSchema = z.object({ disconnected: z.literal(true) });
export const posWebhookAnswerSchema = z.object({ received: z.literal(true) });
