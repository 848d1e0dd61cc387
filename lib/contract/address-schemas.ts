import { z } from "zod";

// The address book's answers (docs/architecture/places.md "Address book"),
// beside lib/contract/common-schemas.ts: the shape of lib/server/addresses/book.ts's AddressJson.

const id = z.number().int().positive();

export const addressSchema = z.object({
  id,
  label: z.string().meta({ description: "Home, Work or the customer's own word" }),
  address: z.string().meta({ description: "The street line" }),
  unit: z.string().nullable().meta({ description: "Apartment, suite or floor" }),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  instructions: z.string().nullable().meta({ description: "For the courier" }),
  lat: z.number().meta({ description: "The drop-off point (degrees): the dragged pin, else the ZIP's centre" }),
  lng: z.number(),
  pinned: z.boolean().meta({ description: "The customer placed the pin (else lat/lng is the ZIP's centre)" }),
  isDefault: z.boolean().meta({ description: "The default address: the profile's address (User address, city, state, zip, lat, lng) mirrors it" }),
});

export const addressBookSchema = z.object({ addresses: z.array(addressSchema).meta({ description: "The default first, then oldest first (at most 20)" }) });
export const addressChangeSchema = addressBookSchema.extend({ address: addressSchema.meta({ description: "The entry added or changed" }) });
