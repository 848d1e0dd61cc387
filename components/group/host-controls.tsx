"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useApiAction } from "@/lib/client/use-api-action";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { nextInstantAt, wallTime } from "@/lib/shared/time/schedule";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useGroup } from "./group-context";
import styles from "./group.module.css";
import { TitledSection } from "@/components/ui/titled-section";
import { LiveButton } from "@/components/ui/live-button";

/**
 * The host's controls: the deadline (a time of day in the restaurant's time zone, the next one to
 * come), Lock / Unlock, Checkout once locked, and Cancel group order (confirmed first).
 */
export function HostControls({
  timeZone = MARKET_TIME_ZONE,
  onCheckout,
  words: w,
  locale,
}: {
  timeZone?: string;
  onCheckout: () => void;
  /** Its words (the catalogue's orderflow.group.host) and the times' language, from the server. */
  words: Words<"orderflow">["group"]["host"];
  locale: Locale;
}) {
  const { group, change } = useGroup();
  const router = useRouter();
  const { show } = useAlerts();
  const locked = group.status === "locked";
  const [time, setTime] = useState(() => (group.deadline ? wallTime(new Date(group.deadline), timeZone) : ""));
  // Each change's refusal shows beside its control; a time not chosen, before anything is sent.
  const [noTime, setNoTime] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // Once canceled, the dialog's button stays busy while the restaurant's page opens.
  const [canceled, setCanceled] = useState(false);
  const deadline = useApiAction((at: string | null) => change("", "PATCH", { deadline: at }));
  const lock = useApiAction(() => change("", "PATCH", { locked: !locked }));
  const cancelling = useApiAction(() => change("", "DELETE"), {
    onSuccess: () => {
      setCanceled(true);
      show(w.canceled, "success");
      router.push(`/restaurants/${group.restaurant.id}`);
    },
  });
  const deadlineError = noTime ?? deadline.message;
  const lockError = lock.message;
  const cancelError = cancelling.message;
  const pending = deadline.busy ? "deadline" : lock.busy ? "lock" : cancelling.busy || canceled ? "cancel" : null;

  const saveDeadline = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const at = nextInstantAt(time, new Date(), timeZone);
    if (!at) {
      deadline.reset();
      return setNoTime(w.chooseTime);
    }
    setNoTime(null);
    await deadline.run(at.toISOString());
  };
  const clearDeadline = async () => {
    setNoTime(null);
    if (await deadline.run(null)) setTime("");
  };
  const toggleLock = () => lock.run();
  const cancel = () => cancelling.run();

  return (
    <TitledSection id="host-title" title={w.title} className={styles.card} titleClassName={styles.cardTitle}>
      <form className={styles.deadlineForm} onSubmit={saveDeadline} noValidate>
        <div className={styles.field}>
          <label htmlFor="group-deadline">{w.deadline}</label>
          <input
            id="group-deadline"
            type="time"
            className={styles.timeInput}
            value={time}
            onChange={(event) => setTime(event.target.value)}
            aria-invalid={deadlineError ? true : undefined}
            aria-describedby={deadlineError ? "group-deadline-error" : "group-deadline-hint"}
          />
        </div>
        <LiveButton type="submit" className={buttonClass({ variant: "secondary", size: "small" })} disabled={pending !== null}>
          {w.setDeadline}
        </LiveButton>
        {group.deadline && (
          <LiveButton className={buttonClass({ variant: "ghost", size: "small" })} onClick={clearDeadline} disabled={pending !== null}>
            {w.removeDeadline}
          </LiveButton>
        )}
      </form>
      {deadlineError ? (
        <p id="group-deadline-error" role="alert" className={styles.addError}>
          {deadlineError}
        </p>
      ) : (
        <p id="group-deadline-hint" className={styles.muted}>
          {group.deadline ? fill(w.closesAt, { time: formatShortDateTime(group.deadline, timeZone, locale) }) : w.noDeadline}
        </p>
      )}
      <div className={styles.hostActions}>
        <LiveButton className={buttonClass({ variant: locked ? "secondary" : "primary", size: "small" })} onClick={toggleLock} disabled={pending !== null}>
          {locked ? w.unlock : w.lock}
        </LiveButton>
        {locked && (
          <LiveButton className={buttonClass({ size: "small" })} onClick={onCheckout} disabled={pending !== null || group.lines.length === 0}>
            {w.checkout}
          </LiveButton>
        )}
        <LiveButton
          className={buttonClass({ variant: "ghost", size: "small" })}
          onClick={() => setConfirmCancel(true)}
          aria-haspopup="dialog"
          disabled={pending !== null}
        >
          {w.cancel}
        </LiveButton>
      </div>
      {lockError && (
        <p role="alert" className={styles.addError}>
          {lockError}
        </p>
      )}
      {locked && group.lines.length === 0 && <p className={styles.muted}>{w.nothingToCheckOut}</p>}
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} title={w.confirmTitle}>
        <p>{w.confirmText}</p>
        {cancelError && (
          <p role="alert" className={styles.addError}>
            {cancelError}
          </p>
        )}
        <div className={styles.dialogActions}>
          <LiveButton className={buttonClass({ variant: "secondary" })} onClick={() => setConfirmCancel(false)}>
            {w.keep}
          </LiveButton>
          <LiveButton className={buttonClass()} onClick={cancel} disabled={pending === "cancel"}>
            {pending === "cancel" ? w.canceling : w.cancel}
          </LiveButton>
        </div>
      </Dialog>
    </TitledSection>
  );
}
