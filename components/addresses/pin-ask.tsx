"use client";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import type { AddressJson } from "./use-address-book";
import type { AddressBookWords } from "@/components/addresses/address-form";
import { fill } from "@/lib/shared/words/fill";
import styles from "./address-book.module.css";

// The form (its dialog and the map) loads on the first press.
const AddressForm = lazy(() => import("./address-form").then((m) => ({ default: m.AddressForm })));

/**
 * Checkout's ask for the pin of the address chosen when the geocoder placed it only at its ZIP's
 * centre (docs/architecture/places.md "The geocoder"): the reason, and a button that opens the
 * address's form on the map; the pin saved (`update`, the picker's book), the ask goes away.
 */
export function PinAsk({
  entry,
  update,
  words: w,
}: {
  entry: AddressJson;
  update: (id: number, body: unknown) => Promise<AddressJson | undefined>;
  /** What checkout says beside "Deliver to" for an address at its ZIP's centre, and the form's words. */
  words: AddressBookWords;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.pinAsk} data-testid="pin-ask">
      <p>{w.pinAsk}</p>
      <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {w.placePin}
        <span className="sr-only">{fill(w.forLabel, { label: entry.label })}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AddressForm
            entry={entry}
            canChooseDefault={false}
            tileUrl={null}
            onSave={(id, body) => update(id ?? entry.id, body)}
            onClose={() => setOpen(false)}
            words={w.form}
          />
        </Suspense>
      )}
    </div>
  );
}
