import { isValidEmail } from "./auth-rules";
import { said } from "@/lib/shared/words/said";

// The profile rules that need no schema (messages verbatim, the address
// line, phone and email checks). Zod-free for the account forms and the top-bar address;
// ../profile.ts builds PUT /api/users/{id}'s schema on them and re-exports them.

export const PROFILE_SAID = {
  address: said("messages.addressFormat"),
  guestAddress: said("messages.guestAddress"),
  phoneDigits: said("messages.phoneDigits"),
  phoneLength: said("messages.phoneLength"),
  emailAt: said("messages.emailAt"),
  emailDot: said("messages.emailDot"),
  firstName: said("messages.firstNameRequired"),
} as const;

export type AddressParts = { address: string; city: string; state: string; zip: string };

/** A ZIP code, with or without its four-digit extension ("94103", "94103-1234"). */
const ZIP = /^(\d{5})(?:-\d{4})?$/;
/** "CA 94103": the state and ZIP of the standard US form, one part without a comma between them. */
const STATE_ZIP = /^(\S.*?)\s+(\d{5}(?:-\d{4})?)$/;
/** A country after the ZIP ("..., CA 94103, USA"): dropped. */
const COUNTRY = /^(?:usa?|u\.s\.(?:a\.)?|united states(?: of america)?)$/i;

/**
 * The one reader of a typed address line (signup, the top bar, the address book's form, a
 * guest's checkout, the landing search's address carried into them; docs/architecture/places.md
 * "Address lines"). Accepted: the spec's "ADDRESS, CITY, STATE, ZIP" and the standard US form
 * "ADDRESS, CITY, STATE ZIP" (no comma before the ZIP), a trailing country, any case. Anything
 * else is the spec's message. The parts come back normalised: a two-letter state upper-cased and
 * a ZIP+4 cut to its five digits (what the geocoder and the delivery radius look up), so the line
 * they make again ("ADDRESS, CITY, STATE, ZIP") reads back the same.
 */
export function parseAddressLine(line: string): { parts: AddressParts } | { error: string } {
  let parts = line.split(",").map((part) => part.trim());
  if (parts.length > 3 && COUNTRY.test(parts.at(-1)!) && /\d{5}(?:-\d{4})?$/.test(parts.at(-2)!)) parts = parts.slice(0, -1);
  const stateZip = parts.length === 3 ? STATE_ZIP.exec(parts[2]!) : null;
  if (stateZip) parts = [parts[0]!, parts[1]!, stateZip[1]!, stateZip[2]!];
  if (parts.length !== 4 || parts.some((part) => !part)) return { error: PROFILE_SAID.address };
  const [address, city, state, zip] = parts as [string, string, string, string];
  return {
    parts: { address, city, state: /^[a-z]{2}$/i.test(state) ? state.toUpperCase() : state, zip: ZIP.exec(zip)?.[1] ?? zip },
  };
}

export function phoneError(value: string): string | null {
  if (!/^\d*$/.test(value)) return PROFILE_SAID.phoneDigits;
  if (value.length !== 10) return PROFILE_SAID.phoneLength;
  return null;
}

export function emailError(value: string): string | null {
  if (!value.includes("@")) return PROFILE_SAID.emailAt;
  if (!isValidEmail(value)) return PROFILE_SAID.emailDot;
  return null;
}

/**
 * The address line once "Use my location" has found the ZIP (GET /api/search/nearest-zip): the
 * street the customer typed (the line's first part) kept, then the place's city, state and ZIP;
 * the place alone while no street is typed ("San Francisco, CA, 94110", the street to type before
 * it). A first part that is a ZIP or the place's own city is not a street.
 */
export function addressWithPlace(typed: string, place: { city: string; state: string; zip: string }): string {
  const first = typed.split(",")[0]!.trim();
  const street = /^\d{5}(-\d{4})?$/.test(first) || first.toLowerCase() === place.city.toLowerCase() ? "" : first;
  return [street, place.city, place.state, place.zip].filter(Boolean).join(", ");
}
