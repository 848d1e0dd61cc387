"use client";
import Link from "@/components/ui/link";
import { PinAsk } from "./pin-ask";
import { addressLine, needsPin, useAddressBook } from "./use-address-book";
import type { AddressBookWords } from "./address-form";
import { labelIn } from "@/lib/shared/people/address-label";
import styles from "./address-book.module.css";

type AddressPickerProps = {
  /** The chosen entry's id; null: the default. */
  value: number | null;
  onChange: (id: number | null) => void;
  /** What shows while the book loads, or with fewer than two addresses: the profile's address line. */
  fallback: string;
  /** Its words in the page's language (checkout's details, handed on by DeliveryDetails). */
  labels: { address: string; deliverTo: string; manage: string };
  /** The pin's ask and its form's words (the catalogue's profile.addresses, from the page). */
  pinWords: AddressBookWords;
};

/**
 * Checkout's "Deliver to" (docs/architecture/places.md "Address book"): one of the saved addresses,
 * the default first and chosen. The order is placed with the one chosen (`addressId`) and keeps it.
 * One the geocoder placed only at its ZIP's centre asks for its pin beside it (pin-ask.tsx).
 */
export function AddressPicker({ value, onChange, fallback, labels, pinWords }: AddressPickerProps) {
  const { addresses, update } = useAddressBook();
  if (!addresses || addresses.length < 2) {
    const only = addresses?.[0];
    return (
      <>
        <p className={styles.legend}>{labels.address}</p>
        <p>{fallback}</p>
        {only && needsPin(only) && <PinAsk entry={only} update={update} words={pinWords} />}
      </>
    );
  }
  const chosen = value ?? addresses.find((entry) => entry.isDefault)?.id;
  const chosenEntry = addresses.find((entry) => entry.id === chosen);
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>{labels.deliverTo}</legend>
      {addresses.map((entry) => (
        <label key={entry.id} className={styles.choice}>
          <input type="radio" name="delivery-address" checked={entry.id === chosen} onChange={() => onChange(entry.isDefault ? null : entry.id)} />
          <span className={styles.choiceText}>
            <span className={styles.choiceLabel}>{labelIn(entry.label, pinWords.form)}</span>
            <span>{addressLine(entry)}</span>
            {entry.instructions && <span className={styles.muted}>{entry.instructions}</span>}
          </span>
        </label>
      ))}
      {chosenEntry && needsPin(chosenEntry) && <PinAsk entry={chosenEntry} update={update} words={pinWords} />}
      <Link href="/account#addresses" className={styles.manage}>
        {labels.manage}
      </Link>
    </fieldset>
  );
}
