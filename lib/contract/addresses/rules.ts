// The address book's request bodies (POST /api/addresses, PUT /api/addresses/{id};
// docs/architecture/places.md "Address book"). The street, city, state and zip keep the profile's
// limits (profile.ts); the pin is a point the customer dragged, near the address's ZIP.
import { z } from "zod";
import { freeText } from "../common/field-rules";
import { said, word } from "@/lib/shared/words/said";

export const ADDRESS_BOOK_SAID = {
  pinFar: (km: number) => said("messages.pinFar", { km: km }),
  full: (max: number) => said("messages.addressesFull", { max: max }),
} as const;

/** At most this many addresses a customer keeps. */
export const MAX_ADDRESSES = 20;
/** How far a dragged pin may sit from its ZIP's centre (ZIP areas are a few km across). */
export const PIN_MAX_KM = 5;

const required = (label: string, message: string, max: number) => freeText(label, { required: message }).max(max, said("messages.atMost", { count: max }));
const optional = (label: string, max: number, multiline = false) =>
  freeText(label, { multiline })
    .max(max, said("messages.atMost", { count: max }))
    .transform((value) => value || null)
    .nullable();
const degrees = (min: number, max: number, what: string) =>
  z
    .number({ error: said("rules.common.number", { field: what }) })
    .min(min, said("rules.common.between", { field: what, min: min, max: max }))
    .max(max, said("rules.common.between", { field: what, min: min, max: max }))
    .nullable();

const fields = {
  /** Home, Work, or the customer's own word. */
  label: required(word("label"), said("messages.addressLabel"), 30),
  address: required(word("address"), said("messages.street"), 120),
  unit: optional(word("unit"), 40),
  city: required(word("city"), said("messages.city"), 60),
  state: required(word("state"), said("messages.state"), 30),
  zip: required(word("zip"), said("messages.zip"), 10),
  instructions: optional(word("deliveryInstructions"), 300, true),
  /** The pin's point (degrees); null (or absent on a new address): the ZIP's centre. */
  lat: degrees(-90, 90, "lat"),
  lng: degrees(-180, 180, "lng"),
  /** Make it the default address (the first one always is). */
  isDefault: z.boolean({ error: said("rules.common.trueOrFalse", { field: "isDefault" }) }),
};

const pinPair = (value: { lat?: number | null; lng?: number | null }) =>
  (value.lat === undefined) === (value.lng === undefined) && (value.lat === null) === (value.lng === null);

export const addressCreateSchema = z
  .object({
    ...fields,
    unit: fields.unit.optional(),
    instructions: fields.instructions.optional(),
    lat: fields.lat.optional(),
    lng: fields.lng.optional(),
    isDefault: fields.isDefault.optional(),
  })
  .refine(pinPair, { message: said("messages.latLng"), path: ["lat"] });
export type AddressCreate = z.output<typeof addressCreateSchema>;

export const addressUpdateSchema = z
  .object({
    ...fields,
    /** The building's photo couriers see: false removes it and keeps none of this address from now on; true keeps one again. */
    doorPhoto: z.boolean({ error: said("rules.addressBook.doorPhoto") }),
  })
  .partial()
  .refine(pinPair, { message: said("messages.latLng"), path: ["lat"] });
export type AddressUpdate = z.output<typeof addressUpdateSchema>;
