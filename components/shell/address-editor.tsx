"use client";
import { useRef, useState, type FormEvent } from "react";
import { SavedAddressChoices } from "@/components/addresses/saved-address-choices";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { readAddressDraft } from "@/lib/client/address-draft";
import { api, ApiClientError } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/accounts/users";
import { addressWithPlace, parseAddressLine } from "@/lib/validation/zod-free/profile-rules";
import { formatAddress } from "./address";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/validation/zod-free/form-values";
import styles from "./address-editor.module.css";
import { UseLocationButton } from "./use-location-button";
import { SERVER_FAILURE } from "@/lib/shared/messages";

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
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
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
    setSaving(true);
    try {
      const saved = await api<UserJson>(`/api/users/${user.id}`, { method: "PUT", body: parsed.parts });
      setUser(saved);
      if (onSaved) return onSaved(saved);
      show(w.saved, "success");
      onClose();
    } catch (failure) {
      const apiError = failure instanceof ApiClientError ? failure : null;
      setError(apiError?.errors.address ?? apiError?.errors.zip ?? apiError?.message ?? SERVER_FAILURE);
    } finally {
      setSaving(false);
    }
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
