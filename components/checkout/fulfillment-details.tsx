import type { ComponentProps, ReactNode } from "react";
import { AddressPicker } from "@/components/addresses/address-picker";
import type { AddressBookWords } from "@/components/addresses/address-form";
import type { Words } from "@/lib/i18n/words";
import { DeliveryDetails } from "./delivery-details";
import { DeliveryOptions } from "./delivery-options";
import { PickupDetails, PickupOptions, type PickupPlace } from "./pickup-details";
import type { DeliveryAddress } from "./use-delivery-address";
import type { useDeliveryChoice } from "./use-delivery-choice";

type Props = {
  pickup: boolean;
  /** The restaurant's name and place (null while it loads). */
  name: string;
  place: PickupPlace | null;
  /** The time chosen (use-delivery-choice.tsx). */
  choice: ReturnType<typeof useDeliveryChoice>;
  words: { choices: Words<"checkout">["choices"]; details: Words<"checkout">["details"] };
  /** Where a delivery goes: the address, the address book's chosen entry (null: the default) and the pin's words. */
  address: {
    destination: DeliveryAddress;
    id: number | null;
    onChange: (id: number | null) => void;
    pinWords: AddressBookWords;
    error?: string | null;
    onPickup?: () => void;
  };
  /** The delivery times' estimates and words (DeliveryOptions, less the choice), and what follows them (the drop-off). */
  times: Omit<ComponentProps<typeof DeliveryOptions>, "value" | "onSelect" | "slotLabel" | "onChangeTime">;
  after?: ReactNode;
};

/** The cart's checkout's and the group's: the restaurant and the pickup time, or the delivery address and the delivery time. */
export function FulfillmentDetails({ pickup, name, place, choice, words, address, times, after }: Props) {
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
      <DeliveryOptions value={choice.delivery} onSelect={choice.select} slotLabel={choice.slotLabel} onChangeTime={choice.openSchedule} {...times} />
      {after}
    </>
  );
}
