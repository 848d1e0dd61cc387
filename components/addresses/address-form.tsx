"use client";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Point } from "@/lib/shared/delivery/delivery";
import { parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import { needsPin, type AddressJson } from "./use-address-book";
import type { Words } from "@/lib/i18n/words";
import type { PinWords } from "@/components/map/pin-map";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import styles from "./address-book.module.css";

// The map (and its arithmetic) loads when the form shows a saved address's pin.
const PinMap = lazy(() => import("@/components/map/pin-map"));

const LABELS = ["Home", "Work"];

type AddressFormProps = {
  /** The entry edited; none: a new one. */
  entry: AddressJson | null;
  /** Whether a new one may become the default (there are others). */
  canChooseDefault: boolean;
  tileUrl: string | null;
  /** Saves the entry `id` (null: a new one). */
  onSave: (id: number | null, body: Record<string, unknown>) => Promise<AddressJson | undefined>;
  onClose: () => void;
  /** Its words in the page's language (the catalogue's profile.addresses.form). */
  words: AddressFormWords;
};

/** The form's words, its address line's rule in the page's language (lib/server/web/form-rules.ts "address") and its pin map's words (lib/server/web/address-words.ts). */
export type AddressFormWords = Words<"profile">["addresses"]["form"] & { rules?: RuleWords; map: PinWords };

/** The address book's words (profile.addresses) with its form's. */
export type AddressBookWords = Words<"profile">["addresses"] & { form: AddressFormWords };

/**
 * Add or edit an address of the book: its label (Home, Work or one's own), the one-line
 * "ADDRESS, CITY, STATE, ZIP" of the profile, a unit line and the courier's instructions. A saved
 * address shows its pin on the map. One the geocoder places only at its ZIP's centre (the
 * server's 422 naming `lat`, its `place` that centre; or a saved one never pinned) shows the map
 * there with the reason beside it, and is saved with the pin where the customer puts it
 * (docs/architecture/places.md "The geocoder").
 */
export function AddressForm({ entry: initial, canChooseDefault, tileUrl, onSave, onClose, words: w }: AddressFormProps) {
  const [entry, setEntry] = useState(initial);
  const known = entry ? LABELS.includes(entry.label) : true;
  const [label, setLabel] = useState(entry ? (known ? entry.label : "Other") : "Home");
  const [custom, setCustom] = useState(entry && !known ? entry.label : "");
  const [line, setLine] = useState(entry ? [entry.address, entry.city, entry.state, entry.zip].join(", ") : "");
  const [unit, setUnit] = useState(entry?.unit ?? "");
  const [instructions, setInstructions] = useState(entry?.instructions ?? "");
  const [makeDefault, setMakeDefault] = useState(false);
  // The building's photo couriers see (docs/architecture/stops-and-messages.md): off removes it and keeps none.
  const [doorPhoto, setDoorPhoto] = useState(entry ? !entry.doorPhotoOff : true);
  const [pin, setPin] = useState<Point | null>(entry ? { lat: entry.lat, lng: entry.lng } : null);
  // Where the map opened (its "start" mark), and whether the pin must be sent: the address is at its ZIP's centre.
  const [home, setHome] = useState<Point | null>(entry ? { lat: entry.lat, lng: entry.lng } : null);
  const [mustPin, setMustPin] = useState(entry ? needsPin(entry) : false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [justAdded, setJustAdded] = useState(false);
  // The server's refusal: each field's message beside it (the address line's parts on that line), any other under the form.
  const saveCall = useApiAction((id: number | null, body: Record<string, unknown>) => onSave(id, body).then((saved) => ({ saved })), {
    onError: (failure) => {
      const found = failure.errors;
      const lineError = found.address ?? found.city ?? found.state ?? found.zip;
      // Only its ZIP's centre was found: the map opens there and the pin is asked for.
      const place = failure.status === 422 && found.lat ? pointOf(failure.body.place) : null;
      if (place) {
        setPin(place);
        setHome(place);
        setMustPin(true);
      }
      setErrors({ ...found, ...(lineError ? { line: lineError } : {}), ...(!Object.keys(found).length ? { form: failure.message } : {}) });
    },
  });
  const saving = saveCall.busy;

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = parseAddressLine(line);
    if ("error" in parsed) return setErrors({ line: w.rules?.[parsed.error] ?? parsed.error });
    const chosen = label === "Other" ? custom.trim() : label;
    if (!chosen) return setErrors({ label: w.labelMissing });
    const moved = pin && (mustPin || (entry && (pin.lat !== entry.lat || pin.lng !== entry.lng)));
    const body = {
      label: chosen,
      ...parsed.parts,
      unit,
      instructions,
      ...(moved ? pin : {}),
      ...(!entry && makeDefault ? { isDefault: true } : {}),
      ...(entry && doorPhoto === entry.doorPhotoOff ? { doorPhoto } : {}),
    };
    const done = await saveCall.run(entry?.id ?? null, body);
    if (!done) return;
    const { saved } = done;
    if (entry || !saved || moved) return onClose();
    // A new address the geocoder placed: saved; its pin can now be moved.
    setEntry(saved);
    setPin({ lat: saved.lat, lng: saved.lng });
    setHome({ lat: saved.lat, lng: saved.lng });
    setJustAdded(true);
  }

  return (
    <Dialog open onClose={onClose} title={mustPin ? w.placePin : entry ? (justAdded ? w.placePin : w.edit) : w.add}>
      <form className={styles.form} onSubmit={save} noValidate>
        {justAdded && (
          <p role="status" className={styles.saved}>
            {w.saved}
          </p>
        )}
        <SelectField
          label={w.label}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={errors.label && label !== "Other" ? errors.label : undefined}
        >
          <option value="Home">{w.home}</option>
          <option value="Work">{w.work}</option>
          <option value="Other">{w.other}</option>
        </SelectField>
        {label === "Other" && (
          <TextField
            label={w.yourLabel}
            placeholder={w.yourLabelPlaceholder}
            maxLength={30}
            value={custom}
            error={errors.label}
            onChange={(event) => setCustom(event.target.value)}
          />
        )}
        <TextField
          label={w.address}
          hint={w.addressHint}
          placeholder={w.addressPlaceholder}
          autoComplete="street-address"
          value={line}
          error={errors.line}
          onChange={(event) => {
            setLine(event.target.value);
            setErrors({});
            // A new address typed again: its old place is no longer where the map should open.
            if (!entry && mustPin) {
              setPin(null);
              setHome(null);
              setMustPin(false);
            }
          }}
        />
        <TextField label={w.unit} autoComplete="address-line2" maxLength={40} value={unit} error={errors.unit} onChange={(event) => setUnit(event.target.value)} />
        <TextAreaField
          label={w.instructions}
          rows={2}
          maxLength={300}
          placeholder={w.instructionsPlaceholder}
          value={instructions}
          error={errors.instructions}
          onChange={(event) => setInstructions(event.target.value)}
        />
        {!entry && canChooseDefault && (
          <label className={styles.check}>
            <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} /> {w.makeDefault}
          </label>
        )}
        {entry && (
          <label className={styles.check}>
            <input type="checkbox" checked={doorPhoto} onChange={(event) => setDoorPhoto(event.target.checked)} /> {w.doorPhoto}
          </label>
        )}
        {mustPin && !errors.lat && (
          <p className={styles.pinAsk} role="status">
            {w.pinNeeded}
          </p>
        )}
        {errors.lat && (
          <p className={styles.pinAsk} role="alert">
            {errors.lat}
          </p>
        )}
        {pin && home && (
          <Suspense fallback={<div className={styles.mapSpace} />}>
            <PinMap key={`${home.lat},${home.lng}`} value={pin} onChange={setPin} home={home} tileUrl={tileUrl} words={w.map} />
          </Suspense>
        )}
        {errors.form && (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        )}
        <div className={styles.formActions}>
          <button type="submit" className={buttonClass()} disabled={saving}>
            {saving ? w.saving : mustPin ? w.saveWithPin : entry ? w.save : w.addAddress}
          </button>
          <button type="button" className={buttonClass({ variant: "ghost" })} onClick={onClose}>
            {justAdded ? w.done : w.cancel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The 422's `place` (the ZIP's centre), when it is a point. */
function pointOf(value: unknown): Point | null {
  const point = value as { lat?: unknown; lng?: unknown } | null;
  return point && typeof point.lat === "number" && typeof point.lng === "number" ? { lat: point.lat, lng: point.lng } : null;
}
