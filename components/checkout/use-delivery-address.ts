"use client";
import { useSyncExternalStore } from "react";
import { formatAddress } from "@/components/shell/address";
import { pinOf, readAddressDraft, readAddressPinRaw, subscribeAddressDraft, type AddressPin } from "@/lib/client/address-draft";
import type { UserJson } from "@/lib/server/accounts/users";
import { said } from "@/lib/shared/words/said";
import { inWord } from "@/lib/contract/zod-free/form-values";
import { parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import type { AddressBookWords } from "@/components/addresses/address-form";

export type DeliveryAddress = {
  /** The address the order goes to, "ADDRESS, CITY, STATE, ZIP", or null. */
  line: string | null;
  /** A guest's address typed or searched in this browser (lib/client/address-draft.ts): sent with the order as `deliveryAddress`. */
  guestLine: string | null;
  /** The draft as typed (the guest's field shows it). */
  draft: string;
  /** Why a delivery cannot be placed yet (Place order says it), or null. */
  missing: string | null;
  /** A guest's pin kept in this browser for `line` (its ZIP's centre was all the geocoder found), or null. */
  pin: AddressPin | null;
  /** What the order sends of a guest's address: `deliveryAddress`, with the pin's `deliveryLat`/`deliveryLng`; nothing for an account. */
  body: { deliveryAddress?: string; deliveryLat?: number; deliveryLng?: number };
  /** The pin's ask and its form's words (profile.addresses), for a guest's pin (guest-pin.tsx). */
  pinWords?: AddressBookWords;
};

/**
 * Where a delivery goes, as checkout sees it: the account's saved address; for a guest, who has
 * none (lib/server/orders/destination.ts), the one searched on the landing page or typed at
 * checkout, kept in this browser and sent with the order. A guest's pin (guest-pin.tsx) is kept
 * beside it and sent with it; a guest whose address the last order saved sends that address
 * again with a pin placed since. No whole address: Place order is disabled for a delivery, saying
 * why (the server refuses a guest's the same way).
 */
export function useDeliveryAddress(
  user: Pick<UserJson, "address" | "city" | "state" | "zip" | "guestAccount"> | null,
  /** The address book's words (profile.addresses): the pin's, and in `form.rules` the reasons in the page's language (lib/server/web/form-rules.ts "address"). */
  pinWords?: AddressBookWords,
): DeliveryAddress {
  const draft = useSyncExternalStore(subscribeAddressDraft, readAddressDraft, () => "");
  const pins = useSyncExternalStore(subscribeAddressDraft, readAddressPinRaw, () => "");
  const rules = pinWords?.form.rules;
  const saved = formatAddress(user);
  const none = { guestLine: null, draft, pin: null, body: {}, pinWords };
  if (!user) return { ...none, line: saved, missing: null };
  if (saved) {
    const pin = user.guestAccount ? pinOf(pins, saved) : null;
    return { ...none, line: saved, missing: null, ...(pin && { guestLine: saved, pin, body: { deliveryAddress: saved, deliveryLat: pin.lat, deliveryLng: pin.lng } }) };
  }
  if (!user.guestAccount) return { ...none, line: null, missing: inWord(said("messages.deliveryAddressNeeded"), rules) };
  const parsed = parseAddressLine(draft);
  if ("error" in parsed) return { ...none, line: null, missing: inWord(said("messages.guestDeliveryAddressNeeded"), rules) };
  const line = [parsed.parts.address, parsed.parts.city, parsed.parts.state, parsed.parts.zip].join(", ");
  const pin = pinOf(pins, line);
  return { ...none, line, guestLine: line, missing: null, pin, body: { deliveryAddress: line, ...(pin && { deliveryLat: pin.lat, deliveryLng: pin.lng }) } };
}
