import type { ReactNode } from "react";
import { AddressPicker } from "@/components/addresses/address-picker";
import type { Words } from "@/lib/i18n/words";
import { DeliveryDetails } from "./delivery-details";
import { PickupDetails, PickupOptions, type PickupPlace } from "./pickup-details";
import type { DeliveryAddress } from "./use-delivery-address";

type Props = {
  pickup: boolean;
  /** The restaurant's name and place (null while it loads). */
  name: string;
  place: PickupPlace | null;
  choice: Parameters<typeof PickupOptions>[0]["choice"];
  words: { choices: Words<"checkout">["choices"]; details: Words<"checkout">["details"] };
  /** Where a delivery goes: the address, the address book's chosen entry (null: the default) and the pin's words. */
  address: {
    destination: DeliveryAddress;
    id: number | null;
    onChange: (id: number | null) => void;
    pinWords: Words<"profile">["addresses"];
    error?: string | null;
    onPickup?: () => void;
  };
  /** The screen's own delivery parts under the address: its times (and the drop-off). */
  delivery: ReactNode;
};

/** The cart's checkout's and the group's: the restaurant and the pickup time, or the delivery address and the screen's delivery parts. */
export function FulfillmentDetails({ pickup, name, place, choice, words, address, delivery }: Props) {
  if (pickup)
    return (
      <>
        <PickupDetails name={name} place={place} words={words.choices} />
        <PickupOptions words={words.choices} place={place} choice={choice} />
      </>
    );
  return (
    <>
      <DeliveryDetails
        words={words.details}
        destination={address.destination}
        addressPicker={(fallback, labels) => (
          <AddressPicker value={address.id} onChange={address.onChange} fallback={fallback} labels={labels} pinWords={address.pinWords} />
        )}
        addressError={address.error}
        onPickup={address.onPickup}
      />
      {delivery}
    </>
  );
}
