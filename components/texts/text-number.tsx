"use client";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import choiceStyles from "@/components/menu/menu-filter.module.css";
import formStyles from "@/components/account/form.module.css";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import { CUSTOMER_MOMENTS, TEXT_MOMENTS, type TextMoment } from "@/lib/shared/people/texts";
import type { TextNumberJson } from "@/lib/server/texts/numbers";
import type { Words } from "@/lib/i18n/words";
import { formatPhone } from "@/components/account/format-phone";
import styles from "./texts.module.css";

export type TextWords = Words<"profile">["texts"];

type Props = { number: TextNumberJson; words: TextWords; owner: boolean; onChange: (number: TextNumberJson) => void; onRemove: (id: number) => void };

/** One number on /account: its code to enter while unconfirmed (or a new code); once confirmed, its moments and quiet hours; Remove. */
export function TextNumberCard({ number, words: w, owner, onChange, onRemove }: Props) {
  const offered: readonly TextMoment[] = owner ? TEXT_MOMENTS : CUSTOMER_MOMENTS;
  const { show } = useAlerts();
  const actions = useApiActions();
  // Server-rendered and hydrated once its chunk arrives (components/account/later-sections.tsx): nothing to press or type until then.
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  const [moments, setMoments] = useState<TextMoment[]>(number.moments);
  const [quiet, setQuiet] = useState(number.quietHours !== null);
  const [start, setStart] = useState(number.quietHours?.start ?? "22:00");
  const [end, setEnd] = useState(number.quietHours?.end ?? "08:00");
  const base = `/api/account/texts/${number.id}`;
  const answered = (said: string) => (answer: { number: TextNumberJson } | undefined) => {
    if (!answer) return;
    onChange(answer.number);
    show(said, "success");
  };
  const failed = (failure: { message: string; errors: Record<string, string> }) => !Object.keys(failure.errors).length && show(failure.message, "error");

  const confirm = () =>
    actions.run("confirm", () => api<{ number: TextNumberJson }>(`${base}/confirm`, { method: "POST", body: { code } }), failed).then(answered(w.confirmedAlert));
  const resend = () =>
    actions
      .run("resend", () => api<{ number: TextNumberJson }>("/api/account/texts", { method: "POST", body: { phone: number.phone } }), failed)
      .then(answered(w.codeSent));
  const save = () =>
    actions
      .run("save", () => api<{ number: TextNumberJson }>(base, { method: "PUT", body: { moments, quietHours: quiet ? { start, end } : null } }), failed)
      .then(answered(w.saved));
  const remove = () =>
    actions
      .run("remove", () => api(base, { method: "DELETE" }), failed)
      .then((answer) => {
        if (answer === undefined) return;
        onRemove(number.id);
        show(w.removed, "success");
      });
  const busy = actions.busy !== null;
  const errors = actions.errors;

  return (
    <li className={styles.number}>
      <div className={styles.head}>
        <strong className={styles.phone}>{/^\+1\d{10}$/.test(number.phone) ? formatPhone(number.phone.slice(2)) : number.phone}</strong>
        <span className={number.confirmed ? styles.on : styles.waiting}>{number.confirmed ? w.confirmed : w.waiting}</span>
      </div>
      {!number.confirmed ? (
        <div className={formStyles.form}>
          <TextField
            label={w.code}
            name={`code-${number.id}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              actions.reset();
            }}
            error={errors.code}
            hint={w.codeHint}
          />
          <div className={formStyles.actions}>
            <button type="button" className={buttonClass({ variant: "primary" })} disabled={!hydrated || busy || code.trim().length !== 6} onClick={() => void confirm()}>
              {actions.busy === "confirm" ? w.confirming : w.confirm}
            </button>
            <button type="button" className={buttonClass({ variant: "secondary" })} disabled={!hydrated || busy} onClick={() => void resend()}>
              {w.resend}
            </button>
          </div>
        </div>
      ) : (
        <div className={formStyles.form}>
          <fieldset className={choiceStyles.group}>
            <legend>{w.momentsLegend}</legend>
            {offered.map((moment) => (
              <label key={moment} className={choiceStyles.choice}>
                <input
                  type="checkbox"
                  disabled={!hydrated}
                  name={`moments-${number.id}`}
                  value={moment}
                  checked={moments.includes(moment)}
                  onChange={(event) => setMoments(offered.filter((m) => (m === moment ? event.target.checked : moments.includes(m))))}
                />
                {w.moments[moment]}
              </label>
            ))}
          </fieldset>
          <label className={choiceStyles.choice}>
            <input type="checkbox" disabled={!hydrated} checked={quiet} onChange={(event) => setQuiet(event.target.checked)} />
            {w.quiet}
          </label>
          {quiet && (
            <div className={styles.quiet}>
              <TextField label={w.quietFrom} type="time" value={start} onChange={(event) => setStart(event.target.value)} error={errors.quietHours} />
              <TextField label={w.quietTo} type="time" value={end} onChange={(event) => setEnd(event.target.value)} />
            </div>
          )}
          <p className={styles.hint}>{w.quietHint}</p>
          <div className={formStyles.actions}>
            <button type="button" className={buttonClass({ variant: "secondary" })} disabled={!hydrated || busy} onClick={() => void save()}>
              {actions.busy === "save" ? w.saving : w.save}
            </button>
          </div>
        </div>
      )}
      <button type="button" className={buttonClass({ variant: "ghost" })} disabled={!hydrated || busy} onClick={() => void remove()}>
        {w.remove}
      </button>
    </li>
  );
}
