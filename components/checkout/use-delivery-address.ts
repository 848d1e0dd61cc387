"use client";
import { useSyncExternalStore } from "react";
import { formatAddress } from "@/components/shell/address";
import { readAddressDraft, subscribeAddressDraft } from "@/lib/client/address-draft";
import type { UserJson } from "@/lib/server/accounts/users";
import { DELIVERY_ADDRESS_NEEDED, GUEST_DELIVERY_ADDRESS_NEEDED } from "@/lib/shared/messages";
import { parseAddressLine } from "@/lib/validation/zod-free/profile-rules";
import type { AddressFormWords } from "@/components/addresses/address-form";

export type DeliveryAddress = {
  /** The address the order goes to, "ADDRESS, CITY, STATE, ZIP", or null. */
  line: string | null;
  /** A guest's address typed or searched in this browser (lib/client/address-draft.ts): sent with the order as `deliveryAddress`. */
  guestLine: string | null;
  /** The draft as typed (the guest's field shows it). */
  draft: string;
  /** Why a delivery cannot be placed yet (Place order says it), or null. */
  missing: string | null;
};

/**
 * Where a delivery goes, as checkout sees it: the account's saved address; for a guest, who has
 * none (lib/server/orders/destination.ts), the one searched on the landing page or typed at
 * checkout, kept in this browser and sent with the order. No whole address: Place order is
 * disabled for a delivery, saying why (the server refuses a guest's the same way).
 */
export function useDeliveryAddress(
  user: Pick<UserJson, "address" | "city" | "state" | "zip" | "guestAccount"> | null,
  /** The address form's words: `rules`, the reasons in the page's language (lib/server/web/form-rules.ts "address"). */
  { rules }: Partial<AddressFormWords> = {},
): DeliveryAddress {
  const draft = useSyncExternalStore(subscribeAddressDraft, readAddressDraft, () => "");
  const saved = formatAddress(user);
  if (saved || !user) return { line: saved, guestLine: null, draft, missing: null };
  if (!user.guestAccount) return { line: null, guestLine: null, draft, missing: rules?.[DELIVERY_ADDRESS_NEEDED] ?? DELIVERY_ADDRESS_NEEDED };
  const parsed = parseAddressLine(draft);
  if ("error" in parsed) return { line: null, guestLine: null, draft, missing: rules?.[GUEST_DELIVERY_ADDRESS_NEEDED] ?? GUEST_DELIVERY_ADDRESS_NEEDED };
  const line = [parsed.parts.address, parsed.parts.city, parsed.parts.state, parsed.parts.zip].join(", ");
  return { line, guestLine: line, draft, missing: null };
}
