import { z } from "zod";
import { ALLERGENS } from "@/lib/shared/menu/allergens";
import { id, money } from "../common/schemas";
import { LOCALES } from "@/lib/i18n/locale";

// A user's JSON (GET /api/users/me and the auth answers).

export const userSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  wallet: money,
  profileImage: z.string().nullable(),
  restaurantOwner: z.boolean(),
  courier: z.boolean().meta({ description: "Delivers orders from the courier app at /courier" }),
  guestAccount: z.boolean(),
  deliveryInstructions: z.string().nullable(),
  lat: z.number().nullable().meta({ description: "The saved address's place (its ZIP code's centroid, set whenever the address is saved); null without an address" }),
  lng: z.number().nullable(),
  avoidAllergens: z
    .array(z.enum(ALLERGENS))
    .meta({ description: "Allergens the customer avoids (set by PUT /api/users/{id}): menus mark the dishes containing one (docs/architecture/allergens.md)" }),
  language: z.enum(LOCALES).nullable().meta({
    description: "The language the person reads Nosh in (set by PUT /api/users/{id} or the footer's links): mail and push are written in it; null until chosen",
  }),
});
export type UserJson = z.infer<typeof userSchema>;
