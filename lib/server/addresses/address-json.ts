import "server-only";
import type { Address } from "@/lib/generated/prisma/client";
import type { Precision } from "../geo/providers/geocoder";

// An address book entry as the API answers it (GET /api/addresses and each change, the account's export).

export type AddressJson = {
  id: number;
  label: string;
  address: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
  instructions: string | null;
  lat: number;
  lng: number;
  pinned: boolean;
  /** How precisely the geocoder placed the address (rooftop, street, or only its ZIP's centre: `zip`). */
  precision: Precision;
  isDefault: boolean;
  /** When the building's photo couriers see here was taken (the newest delivery's), null without one. */
  doorPhotoAt: string | null;
  /** The customer removed the building's photo and Nosh keeps none of this address. */
  doorPhotoOff: boolean;
};

export function addressToJson(row: Address): AddressJson {
  const { id, label, address, unit, city, state, zip, instructions, lat, lng, pinned, precision, isDefault, doorPhoto, doorPhotoAt, doorPhotoOff } = row;
  return {
    id,
    label,
    address,
    unit,
    city,
    state,
    zip,
    instructions,
    lat,
    lng,
    pinned,
    precision: precision as Precision,
    isDefault,
    doorPhotoAt: doorPhoto && doorPhotoAt ? doorPhotoAt.toISOString() : null,
    doorPhotoOff,
  };
}
