"use client";
import { lazy, Suspense, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { useApiAction } from "@/lib/client/use-api-action";
import { addressLine, needsPin, useAddressBook, type AddressJson } from "./use-address-book";
import type { AddressBookWords } from "@/components/addresses/address-form";
import { labelIn } from "@/lib/shared/people/address-label";
import { fill } from "@/lib/shared/words/fill";
import styles from "./address-book.module.css";

// The form (its dialog, fields and the map) loads on the first Add or Edit: /account's first load stays in its budget.
const AddressForm = lazy(() => import("./address-form").then((m) => ({ default: m.AddressForm })));

/**
 * /account's address book (docs/architecture/places.md "Address book"): each saved address with
 * its label, unit and instructions; add, edit (with its pin on the map), remove, make default;
 * remove the building's photo couriers see (and keep none from then on), or keep one again.
 * The default is the profile's address (the "Delivery address" row above) and checkout's first choice.
 */
export function AddressBook({ tileUrl = null, words: w }: { tileUrl?: string | null; words: AddressBookWords }) {
  const book = useAddressBook();
  const { show } = useAlerts();
  const [editing, setEditing] = useState<AddressJson | "new" | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const addresses = book.addresses;

  const acting = useApiAction((step: () => Promise<unknown>, done: string) => step().then(() => done), {
    onSuccess: (done) => show(done, "success"),
    onError: (failure) => show(failure.message, "error"),
  });
  // One change at a time: another address's waits for this one's answer.
  const act = async (id: number, step: () => Promise<unknown>, done: string) => {
    if (busy !== null) return;
    setBusy(id);
    await acting.run(step, done);
    setBusy(null);
  };

  return (
    <section className={styles.card} aria-labelledby="address-book-title" id="addresses">
      <div className={styles.head}>
        <h2 id="address-book-title" className={styles.title}>
          {w.title}
        </h2>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing("new")} aria-haspopup="dialog">
          <IconGlyph name="plus" size={18} /> {w.add}
        </button>
      </div>
      {addresses === null ? (
        <p className={styles.muted}>{w.loading}</p>
      ) : addresses.length === 0 ? (
        <p className={styles.muted}>{w.none}</p>
      ) : (
        <ul className={styles.list}>
          {addresses.map((entry) => (
            <li key={entry.id} className={styles.entry} data-testid="saved-address">
              <div className={styles.entryText}>
                <p className={styles.entryLabel}>
                  <IconGlyph name="pin" size={18} /> {labelIn(entry.label, w.form)} {entry.isDefault && <Badge tone="success">{w.default}</Badge>}
                </p>
                <p>{addressLine(entry)}</p>
                {entry.instructions && <p className={styles.muted}>{entry.instructions}</p>}
                {entry.pinned && <p className={styles.muted}>{w.pinned}</p>}
                {needsPin(entry) && <p className={styles.error}>{w.zipOnly}</p>}
                {entry.doorPhotoAt && <p className={styles.muted}>{w.doorPhoto}</p>}
                {entry.doorPhotoOff && <p className={styles.muted}>{w.noDoorPhoto}</p>}
              </div>
              <div className={styles.actions}>
                {needsPin(entry) && (
                  <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing(entry)} aria-haspopup="dialog">
                    {w.placePin}
                    <span className="sr-only">{fill(w.forLabel, { label: labelIn(entry.label, w.form) })}</span>
                  </button>
                )}
                <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setEditing(entry)} aria-haspopup="dialog">
                  {w.edit}
                  <span className="sr-only">{fill(w.named, { label: labelIn(entry.label, w.form) })}</span>
                </button>
                {!entry.isDefault && (
                  <button
                    type="button"
                    className={buttonClass({ variant: "ghost", size: "small" })}
                    disabled={busy === entry.id}
                    onClick={() => act(entry.id, () => book.makeDefault(entry.id), fill(w.isDefault, { label: labelIn(entry.label, w.form) }))}
                  >
                    {w.makeDefault}
                    <span className="sr-only">{fill(w.named, { label: labelIn(entry.label, w.form) })}</span>
                  </button>
                )}
                {(entry.doorPhotoAt || entry.doorPhotoOff) && (
                  <button
                    type="button"
                    className={buttonClass({ variant: "ghost", size: "small" })}
                    disabled={busy === entry.id}
                    onClick={() => act(entry.id, () => book.update(entry.id, { doorPhoto: entry.doorPhotoOff }), entry.doorPhotoOff ? w.photoKept : w.photoRemoved)}
                  >
                    {entry.doorPhotoOff ? w.keepPhoto : w.removePhoto}
                    <span className="sr-only">{fill(w.ofLabel, { label: labelIn(entry.label, w.form) })}</span>
                  </button>
                )}
                <button
                  type="button"
                  className={buttonClass({ variant: "ghost", size: "small" })}
                  disabled={busy === entry.id}
                  onClick={() => act(entry.id, () => book.remove(entry.id), fill(w.removed, { label: labelIn(entry.label, w.form) }))}
                >
                  {w.remove}
                  <span className="sr-only">{fill(w.named, { label: labelIn(entry.label, w.form) })}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <Suspense fallback={null}>
          <AddressForm
            entry={editing === "new" ? null : editing}
            canChooseDefault={Boolean(addresses?.length)}
            tileUrl={tileUrl}
            onSave={(id, body) => (id === null ? book.add(body) : book.update(id, body))}
            onClose={() => setEditing(null)}
            words={w.form}
          />
        </Suspense>
      )}
    </section>
  );
}
