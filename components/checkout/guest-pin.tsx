"use client";
import { lazy, Suspense, useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { api } from "@/lib/client/api";
import { saveAddressPin, type AddressPin } from "@/lib/client/address-draft";
import type { LocatedJson } from "@/lib/contract/search/schemas";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import type { AddressBookWords } from "@/components/addresses/address-form";
import styles from "@/components/addresses/address-book.module.css";

// The map (and its arithmetic) loads when the dialog opens.
const PinMap = lazy(() => import("@/components/map/pin-map"));

/** How long the address stays as typed before the geocoder is asked where it is. */
const SETTLE_MS = 400;

/**
 * A guest's pin (docs/architecture/places.md "A guest's address"), the signed-in customer's
 * pin-ask at checkout for an address kept in this browser or on the guest account: the line is
 * placed (GET /api/search/locate), and one found only at its ZIP's centre (whose saved point is
 * still that centre) asks for its pin, in the same words as the address book's; one found on the
 * map (or pinned) says so, its pin movable. The pin is kept
 * in this browser with its line (lib/client/address-draft.ts) and sent with the order, which
 * saves it on the guest account.
 */
export default function GuestPin({
  line,
  pin,
  saved,
  words: w,
}: {
  /** The guest's whole address line. */
  line: string;
  /** The pin kept for it, or null. */
  pin: AddressPin | null;
  /** The point the guest account keeps for this line (an earlier order's), or null. */
  saved: { lat: number | null; lng: number | null } | null;
  words: AddressBookWords;
}) {
  // Where the geocoder placed a line (the one shown only while it is still the line typed).
  const [found, setFound] = useState<{ line: string; place: LocatedJson } | null>(null);
  // The pin in the open dialog (null: closed), and where it stood when the dialog opened.
  const [moving, setMoving] = useState<Point | null>(null);
  const [home, setHome] = useState<Point | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      api<LocatedJson>(`/api/search/locate?address=${encodeURIComponent(line)}`)
        .then((place) => live && setFound({ line, place }))
        // Not placed (a ZIP code nobody knows): Place order says why.
        .catch(() => undefined);
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [line]);

  const place = found?.line === line ? found.place : null;
  if (!place) return null;
  const kept = saved?.lat != null && saved.lng != null ? { lat: saved.lat, lng: saved.lng } : null;
  // Placed already: by the geocoder (its building or street), or by an earlier order's pin (a point off the ZIP's centre).
  const placedBefore = kept && distanceKm(kept, place.centre) > 0.001 ? kept : null;
  const located = place.precision === "zip" ? null : { lat: place.lat, lng: place.lng };
  const needed = !pin && !placedBefore && !located;
  const open = () => {
    const start = pin ?? placedBefore ?? located ?? place.centre;
    setHome(start);
    setMoving(start);
  };

  return (
    <>
      {needed ? (
        <div className={styles.pinAsk} data-testid="pin-ask">
          <p>{w.pinAsk}</p>
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={open} aria-haspopup="dialog">
            {w.placePin}
          </button>
        </div>
      ) : (
        <p className={styles.pinPlaced} data-testid="guest-pin">
          <span>{pin ? w.pinned : w.found}</span>
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={open} aria-haspopup="dialog">
            {w.movePin}
          </button>
        </p>
      )}
      {moving && (
        <Dialog open onClose={() => setMoving(null)} title={w.form.placePin}>
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              saveAddressPin({ line, ...moving });
              setMoving(null);
            }}
          >
            <p className={styles.legend}>{line}</p>
            <p className={needed ? styles.pinAsk : styles.saved} role="status">
              {needed ? w.form.pinNeeded : w.form.checkPin}
            </p>
            <Suspense fallback={<div className={styles.mapSpace} />}>
              <PinMap value={moving} onChange={setMoving} home={home ?? moving} tileUrl={null} words={w.form.map} />
            </Suspense>
            <div className={styles.formActions}>
              <button type="submit" className={buttonClass()}>
                {w.form.saveWithPin}
              </button>
              <button type="button" className={buttonClass({ variant: "ghost" })} onClick={() => setMoving(null)}>
                {w.form.cancel}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}
