import { z } from "zod";
import { id, instant } from "../common/schemas";

// A restaurant's kitchen tablets as its settings page reads them, the pairing code (shown once,
// in the answer that makes it), and what a tablet learns when it pairs: never its token, which
// travels in its own httpOnly cookie only.

const kitchenDeviceSchema = z.object({
  id,
  name: z.string(),
  pairedBy: z.string().meta({ description: "The first name of the member who made the code it paired with (it acts as them, as a staff member)" }),
  lastSeenAt: instant.nullable().meta({ description: "Its last call; null: none since pairing" }),
  createdAt: instant,
});
export const kitchenDeviceListSchema = z.object({
  devices: z.array(kitchenDeviceSchema),
  pairingExpiresAt: instant.nullable().meta({ description: "When the code waiting to be typed dies; null: none waits" }),
});
export const pairingCodeSchema = z.object({
  code: z.string().meta({ description: "Six letters and digits to type on the tablet's /kitchen page, shown this once (only its SHA-256 is kept)" }),
  expiresAt: instant,
});
export const pairedSchema = z.object({
  message: z.string(),
  device: z.object({ id, name: z.string(), restaurantId: id }),
  boardUrl: z.string().meta({ description: "The board the tablet opens: /restaurants/{id}/orders" }),
});
export type KitchenDeviceJson = z.infer<typeof kitchenDeviceSchema>;
export type KitchenDeviceListJson = z.infer<typeof kitchenDeviceListSchema>;
export type PairingCodeJson = z.infer<typeof pairingCodeSchema>;
export type PairedJson = z.infer<typeof pairedSchema>;
