import { z } from "zod";
import { instant } from "../common/schemas";

// The address book's answers (docs/architecture/places.md "Address book"),
// beside lib/contract/common/schemas.ts: the shape of lib/server/addresses/book.ts's AddressJson.

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
  lat: z.number().meta({ description: "The drop-off point (degrees): the dragged pin, else where the geocoder placed the address" }),
  lng: z.number(),
  pinned: z.boolean().meta({ description: "The customer placed the pin (else lat/lng is where the geocoder placed the address)" }),
  precision: z.enum(["rooftop", "street", "zip"]).meta({
    description:
      "How precisely the geocoder placed the address: its building, its street, or only its ZIP's centre (zip: an order may choose it as addressId once it is pinned)",
  }),
  isDefault: z.boolean().meta({ description: "The default address: the profile's address (User address, city, state, zip, lat, lng) mirrors it" }),
  doorPhotoAt: instant.nullable().meta({
    description:
      "When the building's photo couriers delivering here see was taken (the newest drop-off photo of a delivery here); null without one. Only the courier holding a job here sees it",
  }),
  doorPhotoOff: z.boolean().meta({ description: "The customer removed the building's photo: Nosh keeps none of this address (PUT `doorPhoto: true` keeps one again)" }),
});

export const addressBookSchema = z.object({ addresses: z.array(addressSchema).meta({ description: "The default first, then oldest first (at most 20)" }) });
export const addressChangeSchema = addressBookSchema.extend({ address: addressSchema.meta({ description: "The entry added or changed" }) });
