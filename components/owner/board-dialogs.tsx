"use client";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Dialog } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { PREP_MINUTES, prepMinutesError, REJECTION_REASONS, type RejectionReason } from "@/lib/shared/orders/order-stages";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import type { BoardOrder } from "./board-types";
import { useNearbyCouriers, type NearbyCourier } from "./use-nearby-couriers";
import styles from "./board.module.css";

type DialogWords = Words<"kitchen">["board"]["dialogs"];
type Shared = { order: BoardOrder | null; busy: boolean; error: string | null; onClose: () => void; words: DialogWords };

/** Accept with a preparation estimate: a preset (10, 20, 30 minutes) or a number from 5 to 90. */
export function AcceptDialog({ order, busy, error, onClose, onAccept, words }: Shared & { onAccept: (prepMinutes: number) => void }) {
  const [choice, setChoice] = useState<string>(String(PREP_MINUTES.presets[1]));
  const [custom, setCustom] = useState("");
  const [touched, setTouched] = useState(false);
  const customError = choice === "custom" && touched && prepMinutesError(custom) ? fill(words.prepError, { min: PREP_MINUTES.min, max: PREP_MINUTES.max }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (choice === "custom") {
      if (prepMinutesError(custom)) return;
      onAccept(Number(custom.trim()));
    } else onAccept(Number(choice));
  };

  return (
    <Dialog open={order !== null} onClose={onClose} title={fill(words.acceptTitle, { id: order?.id ?? "" })}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{words.readyIn}</legend>
          {PREP_MINUTES.presets.map((minutes) => (
            <label key={minutes} className={styles.choice}>
              <input type="radio" name="prep" value={minutes} checked={choice === String(minutes)} onChange={() => setChoice(String(minutes))} />
              {fill(words.minutes, { minutes })}
            </label>
          ))}
          <label className={styles.choice}>
            <input type="radio" name="prep" value="custom" checked={choice === "custom"} onChange={() => setChoice("custom")} />
            {words.other}
          </label>
        </fieldset>
        {choice === "custom" && (
          <TextField
            label={fill(words.custom, { min: PREP_MINUTES.min, max: PREP_MINUTES.max })}
            type="number"
            inputMode="numeric"
            min={PREP_MINUTES.min}
            max={PREP_MINUTES.max}
            value={custom}
            autoFocus
            onChange={(event) => {
              setCustom(event.target.value);
              setTouched(true);
            }}
            error={customError ?? undefined}
          />
        )}
        <DialogActions error={error} back={words.back} onBack={onClose}>
          <button type="submit" className={buttonClass()} disabled={busy || (choice === "custom" && touched && customError !== null)}>
            {busy ? words.accepting : words.accept}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Reject with a reason from the short list and an optional note for the customer. */
export function RejectDialog({
  order,
  busy,
  error,
  onClose,
  onReject,
  words,
}: Shared & { onReject: (reason: RejectionReason, note: string, soldOut: number[]) => void }) {
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  // Out of stock: the dishes the kitchen ran out of, marked sold out until the next opening (docs/architecture/kitchen.md).
  const [soldOut, setSoldOut] = useState<Set<number>>(() => new Set());
  const wallet = order?.paymentMethod === "wallet";
  const dishes = [...new Map((order?.orderItems ?? []).flatMap((line) => (line.menu_item_id === null ? [] : [[line.menu_item_id, line.name] as const]))).entries()];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (reason) onReject(reason, note.trim(), reason === "out_of_stock" ? [...soldOut] : []);
  };

  return (
    <Dialog open={order !== null} onClose={onClose} title={fill(words.rejectTitle, { id: order?.id ?? "" })}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <p className={styles.dialogText}>{wallet ? words.rejectTextWallet : words.rejectText}</p>
        <fieldset className={styles.choices} aria-describedby={tried && !reason ? "reject-reason-error" : undefined}>
          <legend className={styles.legend}>{words.reason}</legend>
          {REJECTION_REASONS.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              {words.reasons[value]}
            </label>
          ))}
        </fieldset>
        {tried && !reason && (
          <p id="reject-reason-error" className={styles.fieldError}>
            {words.chooseReason}
          </p>
        )}
        {reason === "out_of_stock" && dishes.length > 0 && (
          <fieldset className={styles.choices}>
            <legend className={styles.legend}>{words.markSoldOut}</legend>
            {dishes.map(([id, name]) => (
              <label key={id} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={soldOut.has(id)}
                  onChange={(event) =>
                    setSoldOut((current) => {
                      const next = new Set(current);
                      if (event.target.checked) next.add(id);
                      else next.delete(id);
                      return next;
                    })
                  }
                />
                {fill(words.soldOut, { name })}
              </label>
            ))}
          </fieldset>
        )}
        <TextAreaField label={words.note} value={note} maxLength={200} rows={3} onChange={(event) => setNote(event.target.value)} />
        <DialogActions error={error} back={words.keep} onBack={onClose}>
          <button type="submit" className={`${buttonClass()} ${styles.dangerSolid}`} disabled={busy}>
            {busy ? words.rejecting : words.reject}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Assign a courier by hand (POST /api/manage/{restaurantId}/orders/{orderId}/assign): the
 * couriers on shift nearby, nearest first, with their distance (a band: "1-3 km") and their state
 * (free, an offer open, busy with jobs, paused).
 */
/** "free", "has an open offer", "busy · 1 job", "paused (missed offers)". */
function courierStateText(courier: NearbyCourier, states: DialogWords["states"]): string {
  if (courier.state === "offered") return states.offered;
  if (courier.state === "paused") return states.paused;
  if (courier.state === "busy") return courier.activeJobs === 1 ? states.busyOne : fill(states.busyMany, { count: courier.activeJobs });
  return states.free;
}

export function AssignCourierDialog({
  restaurantId,
  order,
  busy,
  error,
  onClose,
  onAssign,
  words,
}: Shared & { restaurantId: number; onAssign: (courierId: number) => void }) {
  const { couriers, error: loadError } = useNearbyCouriers(restaurantId, order?.id ?? null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [tried, setTried] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (chosen !== null) onAssign(chosen);
  };

  return (
    <Dialog open={order !== null} onClose={onClose} title={fill(words.assignTitle, { id: order?.id ?? "" })}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        {loadError ? (
          <p role="alert" className={styles.error}>
            {loadError}
          </p>
        ) : !couriers ? (
          <p className={styles.dialogText} role="status">
            {words.looking}
          </p>
        ) : couriers.length === 0 ? (
          <p className={styles.dialogText} role="status">
            {words.noCourier}
          </p>
        ) : (
          <fieldset className={styles.choices} aria-describedby={tried && chosen === null ? "assign-courier-error" : undefined}>
            <legend className={styles.legend}>{words.couriers}</legend>
            <ul className={styles.courierList}>
              {couriers.map((courier) => (
                <li key={courier.id}>
                  <label className={styles.courierChoice}>
                    <input type="radio" name="courier" value={courier.id} checked={chosen === courier.id} onChange={() => setChosen(courier.id)} />
                    <span className={styles.courierName}>{courier.firstName}</span>
                    <span className={styles.meta}>{fill(words.away, { distance: courier.distance, state: courierStateText(courier, words.states) })}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {tried && chosen === null && couriers?.length ? (
          <p id="assign-courier-error" className={styles.fieldError}>
            {words.chooseCourier}
          </p>
        ) : null}
        <DialogActions error={error} back={words.back} onBack={onClose}>
          {couriers?.length ? (
            <button type="submit" className={buttonClass()} disabled={busy}>
              {busy ? words.assigning : words.assign}
            </button>
          ) : null}
        </DialogActions>
      </form>
    </Dialog>
  );
}
