"use client";
import { useAddressBook } from "@/components/addresses/use-address-book";
import { useArrivalQuote } from "@/components/browse/use-arrival";
import { useVisitorPlaceQuery } from "@/components/browse/use-visitor-place";

/**
 * The arrival quoted to where the order goes (the address chosen in the book, else the saved
 * place, or a guest's line), as placing will promise it (docs/architecture/order-stages.md); null
 * until it answers, without an address, or while the kitchen is full (checkout's own wait then).
 */
export function useCheckoutArrival(
  restaurantId: number | null,
  addressId: number | null,
  guestLine: string | null | undefined,
  kitchenFull: boolean,
): { standard: string; priority: string } | null {
  const visitorPlace = useVisitorPlaceQuery();
  const chosen = useAddressBook().addresses?.find((entry) => entry.id === addressId);
  const place = chosen ? `lat=${chosen.lat}&lng=${chosen.lng}` : (visitorPlace ?? (guestLine ? `address=${encodeURIComponent(guestLine)}` : null));
  const answer = useArrivalQuote(restaurantId, place);
  return answer?.arrival.addressKnown && !kitchenFull ? { standard: answer.arrival.standard.text, priority: answer.arrival.priority.text } : null;
}
