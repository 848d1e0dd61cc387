"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { formatShortDateTime } from "@/lib/shared/format-date";
import { nextInstantAt, wallTime } from "@/lib/shared/schedule";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import { useGroup } from "./group-context";
import styles from "./group.module.css";

/** What the host's change failed with, shown beside that control. */
const messageOf = (failure: unknown) => (failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);

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
  const [deadlineError, setDeadlineError] = useState<string | null>(null);
  const [lockError, setLockError] = useState<string | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pending, setPending] = useState<"deadline" | "lock" | "cancel" | null>(null);

  const saveDeadline = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const at = nextInstantAt(time, new Date(), timeZone);
    if (!at) return setDeadlineError(w.chooseTime);
    setPending("deadline");
    setDeadlineError(null);
    try {
      await change("", "PATCH", { deadline: at.toISOString() });
    } catch (failure) {
      setDeadlineError(messageOf(failure));
    } finally {
      setPending(null);
    }
  };
  const clearDeadline = async () => {
    setPending("deadline");
    setDeadlineError(null);
    try {
      await change("", "PATCH", { deadline: null });
      setTime("");
    } catch (failure) {
      setDeadlineError(messageOf(failure));
    } finally {
      setPending(null);
    }
  };
  const toggleLock = async () => {
    setPending("lock");
    setLockError(null);
    try {
      await change("", "PATCH", { locked: !locked });
    } catch (failure) {
      setLockError(messageOf(failure));
    } finally {
      setPending(null);
    }
  };
  const cancel = async () => {
    setPending("cancel");
    setCancelError(null);
    try {
      await change("", "DELETE");
      show(w.canceled, "success");
      router.push(`/restaurants/${group.restaurant.id}`);
    } catch (failure) {
      setCancelError(messageOf(failure));
      setPending(null);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="host-title">
      <h2 id="host-title" className={styles.cardTitle}>
        {w.title}
      </h2>
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
        <button type="submit" className={buttonClass({ variant: "secondary", size: "small" })} disabled={pending !== null}>
          {w.setDeadline}
        </button>
        {group.deadline && (
          <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={clearDeadline} disabled={pending !== null}>
            {w.removeDeadline}
          </button>
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
        <button type="button" className={buttonClass({ variant: locked ? "secondary" : "primary", size: "small" })} onClick={toggleLock} disabled={pending !== null}>
          {locked ? w.unlock : w.lock}
        </button>
        {locked && (
          <button type="button" className={buttonClass({ size: "small" })} onClick={onCheckout} disabled={pending !== null || group.lines.length === 0}>
            {w.checkout}
          </button>
        )}
        <button
          type="button"
          className={buttonClass({ variant: "ghost", size: "small" })}
          onClick={() => setConfirmCancel(true)}
          aria-haspopup="dialog"
          disabled={pending !== null}
        >
          {w.cancel}
        </button>
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
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setConfirmCancel(false)}>
            {w.keep}
          </button>
          <button type="button" className={buttonClass()} onClick={cancel} disabled={pending === "cancel"}>
            {pending === "cancel" ? w.canceling : w.cancel}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
