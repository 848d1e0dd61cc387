"use client";
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { formatAddress } from "@/components/shell/address";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { saveAddressDraft } from "@/lib/client/address-draft";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { UserJson } from "@/lib/server/accounts/users";
import type { DeliveryAddress } from "./use-delivery-address";
import type { Words } from "@/lib/i18n/words";
import styles from "./checkout.module.css";
import { TitledSection } from "@/components/ui/titled-section";
import { DetailRow } from "./choice-card";

const MAX_INSTRUCTIONS = 300;
// A guest's pin-ask (and its map) load for guests only.
const GuestPin = lazy(() => import("./guest-pin"));

/**
 * Where the order goes: the saved address and the courier's instructions (editable here). A
 * guest, who cannot save an address, types it here (starting from the one searched on the
 * landing page, kept in this browser) and it is sent with the order (use-delivery-address.ts);
 * one found only at its ZIP's centre asks for its pin (guest-pin.tsx).
 * An address the server refuses (beyond the restaurant's delivery radius, an unknown ZIP: the
 * submit's 422 or 400) is said beside it, with a button that switches this order to pickup.
 */
export function DeliveryDetails({
  destination,
  addressError = null,
  onPickup,
  addressPicker,
  words: w,
}: {
  destination: DeliveryAddress;
  addressError?: string | null;
  onPickup?: () => void;
  /** The address book's choice of where to deliver (components/addresses/address-picker.tsx), in place of the saved address's line. */
  addressPicker?: (fallback: string, labels: Words<"checkout">["details"]) => ReactNode;
  /** Its words in the page's language, from the server. */
  words: Words<"checkout">["details"];
}) {
  const { user, setUser } = useSession();
  const { show } = useAlerts();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const saveCall = useApiAction((id: number, text: string) => api<UserJson>(`/api/users/${id}`, { method: "PUT", body: { delivery_instructions: text } }), {
    onSuccess: (updated) => {
      setUser(updated);
      setEditing(false);
      show(w.saved, "success");
    },
  });
  const error = saveCall.failure ? (saveCall.errors.deliveryInstructions ?? saveCall.message) : undefined;
  const saving = saveCall.busy;
  // A guest's address as typed here (the kept draft is trimmed): null until they type.
  const [typed, setTyped] = useState<string | null>(null);
  if (!user) return null;
  const address = formatAddress(user);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await saveCall.run(user.id, draft);
  };

  return (
    <TitledSection id="delivery-details-heading" title={w.title} className={styles.section} titleClassName={styles.sectionTitle}>
      <DetailRow icon="pin">
        {user.guestAccount && !address ? (
          <TextField
            label={w.address}
            hint={w.guestHint}
            placeholder={w.addressPlaceholder}
            autoComplete="street-address"
            value={typed ?? destination.draft}
            onChange={(event) => {
              setTyped(event.target.value);
              saveAddressDraft(event.target.value);
            }}
          />
        ) : addressPicker && !user.guestAccount ? (
          addressPicker(address ?? w.noAddress, w)
        ) : (
          <>
            <p className={styles.detailLabel}>{w.address}</p>
            <p>{address ?? w.noAddress}</p>
          </>
        )}
        {user.guestAccount && destination.line && destination.pinWords && (
          <Suspense fallback={null}>
            <GuestPin line={destination.line} pin={destination.pin} saved={address === destination.line ? user : null} words={destination.pinWords} />
          </Suspense>
        )}
        {addressError && (
          <div className={styles.addressError}>
            <p role="alert">{addressError}</p>
            {onPickup && (
              <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={onPickup}>
                <IconGlyph name="bag" size={18} />
                {w.switchToPickup}
              </button>
            )}
          </div>
        )}
      </DetailRow>
      <div className={styles.detailRow}>
        <span className={styles.detailIcon}>
          <IconGlyph name="info" />
        </span>
        {editing ? (
          <form className={styles.instructionsForm} onSubmit={save} noValidate>
            <TextAreaField
              label={w.instructions}
              hint={w.instructionsHint}
              maxLength={MAX_INSTRUCTIONS}
              value={draft}
              error={error}
              autoFocus
              onChange={(event) => {
                setDraft(event.target.value);
                saveCall.reset();
              }}
            />
            <div className={styles.formActions}>
              <button type="submit" className={buttonClass({ size: "small" })} disabled={saving}>
                {saving ? w.saving : w.save}
              </button>
              <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setEditing(false)}>
                {w.cancel}
              </button>
            </div>
          </form>
        ) : (
          <div className={styles.detailText}>
            <p className={styles.detailLabel}>{w.instructions}</p>
            <p className={user.deliveryInstructions ? undefined : styles.muted}>{user.deliveryInstructions || w.none}</p>
            {!user.guestAccount && (
              <button
                type="button"
                className={`${buttonClass({ variant: "secondary", size: "small" })} ${styles.editButton}`}
                onClick={() => {
                  setDraft(user.deliveryInstructions ?? "");
                  saveCall.reset();
                  setEditing(true);
                }}
              >
                {user.deliveryInstructions ? w.edit : w.add}
              </button>
            )}
          </div>
        )}
      </div>
    </TitledSection>
  );
}
