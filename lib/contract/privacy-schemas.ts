import { z } from "zod";
import { dataExportSchema } from "./account-schemas";
import { addressSchema } from "./address-schemas";

// The data export with the account's message threads (issue 62 item 7, docs/architecture/customer-data.md).

const id = z.number().int().positive();

/** One message of a thread the account took part in, as a customer or as a courier. */
export const exportedMessageSchema = z.object({
  orderId: id,
  sender: z.enum(["customer", "courier"]),
  mine: z.boolean().meta({ description: "The account sent it" }),
  body: z.string().meta({ description: '"Message removed" when its sender closed their account' }),
  at: z.iso.datetime(),
});

/** A restaurant the account marked as a favourite (issue 62 item 5). */
export const exportedFavouriteRestaurantSchema = z.object({ restaurantId: id, name: z.string(), favouredAt: z.iso.datetime() });

export const accountExportSchema = dataExportSchema.extend({
  addresses: z.array(addressSchema).meta({ description: "The address book: the default first, then oldest first" }),
  favouriteRestaurants: z.array(exportedFavouriteRestaurantSchema).meta({ description: "The restaurants marked as favourites, by restaurant id" }),
  messages: z
    .array(exportedMessageSchema)
    .meta({ description: "Every message of the threads the account took part in (its orders' and, as a courier, its deliveries'), oldest first" }),
});
export type AccountExportJson = z.infer<typeof accountExportSchema>;
