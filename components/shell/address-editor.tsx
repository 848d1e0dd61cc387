"use client";
import { useRef, useState, type FormEvent } from "react";
import { SavedAddressChoices } from "@/components/addresses/saved-address-choices";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { readAddressDraft } from "@/lib/client/address-draft";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { UserJson } from "@/lib/server/accounts/users";
import { addressWithPlace, parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import { formatAddress } from "./address";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import styles from "./address-editor.module.css";
import { UseLocationButton } from "./use-location-button";

export type AddressEditorWords = Words<"profile">["addressEditor"] & { rules?: RuleWords };

type AddressEditorProps = {
  open: boolean;
  onClose: () => void;
  /** Why the address is asked for, above the field (the cart's Add). */
  lead?: string;
  /** Called with the saved user instead of the "saved" toast; the caller closes the dialog. */
  onSaved?: (user: UserJson) => void;
  /** Its words in the page's language (the catalogue's profile.addressEditor); `rules`: its check's message (lib/server/web/form-rules.ts "address"). */
  words: AddressEditorWords;
};

/**
 * The delivery address form: one line, "ADDRESS, CITY, STATE, ZIP", from the
 * top bar or from an Add that needs an address first. Without a saved address it starts from
 * the one typed before signing up.
 */
export function AddressEditor({ open, onClose, lead, onSaved, words: w }: AddressEditorProps) {
  const { user, setUser } = useSession();
  const { show } = useAlerts();
  const [value, setValue] = useState(() => formatAddress(user) ?? readAddressDraft());
  // The line as typed is refused before anything is sent; the server's refusal of it is said in the same place.
  const [invalid, setInvalid] = useState<string>();
  const saveCall = useApiAction((id: number, parts: Record<string, unknown>) => api<UserJson>(`/api/users/${id}`, { method: "PUT", body: parts }), {
    onSuccess: (saved) => {
      setUser(saved);
      if (onSaved) return onSaved(saved);
      show(w.saved, "success");
      onClose();
    },
  });
  const { failure } = saveCall;
  const error = invalid ?? (failure ? (failure.errors.address ?? failure.errors.zip ?? failure.message) : undefined);
  const saving = saveCall.busy;
  const setError = (message: string | undefined) => {
    saveCall.reset();
    setInvalid(message);
  };
  /** "Use my location" found the place but no street is typed yet: the hint asks for it. */
  const [streetNeeded, setStreetNeeded] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const parsed = parseAddressLine(value);
    if ("error" in parsed) {
      setError(w.rules?.[parsed.error] ?? parsed.error);
      return;
    }
    setInvalid(undefined);
    await saveCall.run(user.id, parsed.parts);
  }

  return (
    <Dialog open={open} onClose={onClose} title={w.title}>
      <form className={styles.form} onSubmit={save} noValidate>
        {lead && <p className={styles.lead}>{lead}</p>}
        {!lead && <SavedAddressChoices onChosen={onClose} words={w} />}
        <TextField
          label={w.label}
          hint={streetNeeded ? w.streetHint : w.hint}
          placeholder={w.placeholder}
          autoComplete="street-address"
          value={value}
          error={error}
          ref={input}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
            setStreetNeeded(false);
          }}
        />
        <UseLocationButton
          onFound={(place) => {
            const found = addressWithPlace(value, place);
            // No street yet: the line starts with its comma, the caret before it, so typing the street makes the whole line.
            const needed = "error" in parseAddressLine(found);
            const line = needed ? `, ${found}` : found;
            setValue(line);
            setError(undefined);
            setStreetNeeded(needed);
            // The street is the customer's to type: the caret waits where it goes.
            const field = input.current;
            if (!field) return;
            field.focus();
            requestAnimationFrame(() => field.setSelectionRange(needed ? 0 : line.length, needed ? 0 : line.length));
          }}
        />
        <button type="submit" className={buttonClass({ block: true })} disabled={saving}>
          {saving ? w.saving : w.save}
        </button>
      </form>
    </Dialog>
  );
}
