"use client";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import type { AddressJson } from "./use-address-book";
import styles from "./address-book.module.css";

// The form (its dialog and the map) loads on the first press.
const AddressForm = lazy(() => import("./address-form").then((m) => ({ default: m.AddressForm })));

/** What checkout says beside "Deliver to" for an address at its ZIP's centre. */
export const PIN_ASK = "We only know this address's ZIP code, so your courier could be sent to the wrong street. Place its pin on your door.";

/**
 * Checkout's ask for the pin of the address chosen when the geocoder placed it only at its ZIP's
 * centre (docs/architecture/places.md "The geocoder"): the reason, and a button that opens the
 * address's form on the map; the pin saved (`update`, the picker's book), the ask goes away.
 */
export function PinAsk({ entry, update }: { entry: AddressJson; update: (id: number, body: unknown) => Promise<AddressJson | undefined> }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.pinAsk} data-testid="pin-ask">
      <p>{PIN_ASK}</p>
      <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Place the pin<span className="sr-only"> for {entry.label}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AddressForm entry={entry} canChooseDefault={false} tileUrl={null} onSave={(id, body) => update(id ?? entry.id, body)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
