// The address book's request bodies (POST /api/addresses, PUT /api/addresses/{id};
// docs/architecture/places.md "Address book"). The street, city, state and zip keep the profile's
// limits (profile.ts); the pin is a point the customer dragged, near the address's ZIP.
import { z } from "zod";
import { freeText } from "./fields";

export const ADDRESS_BOOK_MESSAGES = {
  label: "Give the address a label",
  address: "Enter the street address",
  city: "Enter the city",
  state: "Enter the state",
  zip: "Enter the ZIP code",
  pinPair: "Send both lat and lng, or neither",
  pinFar: (km: number) => `The pin must be within ${km} km of the address's ZIP code`,
  full: (max: number) => `You can save up to ${max} addresses`,
  /** The geocoder found only the ZIP code: the entry is saved with its pin (lat/lng). */
  pinNeeded: "We could only find this address's ZIP code. Place the pin on your door on the map, then save",
  /** Checkout, an entry chosen that is only at its ZIP's centre. */
  pinFirst: "Place this address's pin on the map before ordering to it",
} as const;

/** At most this many addresses a customer keeps. */
export const MAX_ADDRESSES = 20;
/** How far a dragged pin may sit from its ZIP's centre (ZIP areas are a few km across). */
export const PIN_MAX_KM = 5;

const required = (label: string, message: string, max: number) => freeText(label, { required: message }).max(max, `Must be at most ${max} characters`);
const optional = (label: string, max: number, multiline = false) =>
  freeText(label, { multiline })
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => value || null)
    .nullable();
const degrees = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(min, `${what} must be between ${min} and ${max}`)
    .max(max, `${what} must be between ${min} and ${max}`)
    .nullable();

const fields = {
  /** Home, Work, or the customer's own word. */
  label: required("Label", ADDRESS_BOOK_MESSAGES.label, 30),
  address: required("Address", ADDRESS_BOOK_MESSAGES.address, 120),
  unit: optional("Unit", 40),
  city: required("City", ADDRESS_BOOK_MESSAGES.city, 60),
  state: required("State", ADDRESS_BOOK_MESSAGES.state, 30),
  zip: required("Zip code", ADDRESS_BOOK_MESSAGES.zip, 10),
  instructions: optional("Delivery instructions", 300, true),
  /** The pin's point (degrees); null (or absent on a new address): the ZIP's centre. */
  lat: degrees(-90, 90, "lat"),
  lng: degrees(-180, 180, "lng"),
  /** Make it the default address (the first one always is). */
  isDefault: z.boolean({ error: "isDefault must be true or false" }),
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
  .refine(pinPair, { message: ADDRESS_BOOK_MESSAGES.pinPair, path: ["lat"] });
export type AddressCreate = z.output<typeof addressCreateSchema>;

export const addressUpdateSchema = z
  .object({
    ...fields,
    /** The building's photo couriers see: false removes it and keeps none of this address from now on; true keeps one again. */
    doorPhoto: z.boolean({ error: "doorPhoto must be true or false" }),
  })
  .partial()
  .refine(pinPair, { message: ADDRESS_BOOK_MESSAGES.pinPair, path: ["lat"] });
export type AddressUpdate = z.output<typeof addressUpdateSchema>;
