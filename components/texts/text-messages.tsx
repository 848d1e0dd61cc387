"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { TitledSection } from "@/components/ui/titled-section";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { TextNumberJson } from "@/lib/server/texts/numbers";
import accountStyles from "@/components/account/account.module.css";
import formStyles from "@/components/account/form.module.css";
import { TextNumberCard, type TextWords } from "./text-number";
import styles from "./texts.module.css";

/**
 * /account's text messages (docs/architecture/text-messages.md "Opting in"): add a mobile number
 * (the server checks it and says why beside the field), a code is texted to it, entered to confirm;
 * then each number's moments and quiet hours. A site that sends no texts says so.
 */
export function TextMessages({ initial, available, owner, words: w }: { initial: TextNumberJson[]; available: boolean; owner: boolean; words: TextWords }) {
  const { show } = useAlerts();
  const [numbers, setNumbers] = useState(initial);
  const [phone, setPhone] = useState("");
  // Server-rendered and hydrated once its chunk arrives (components/account/later-sections.tsx): nothing to press or type until then.
  const hydrated = useHydrated();
  const adding = useApiAction(
    (typed: string) =>
      api<{ number: TextNumberJson }>("/api/account/texts", {
        method: "POST",
        body: { phone: typed, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      }),
    {
      onSuccess: ({ number }) => {
        setNumbers((current) => [...current.filter((other) => other.id !== number.id), number]);
        setPhone("");
        show(w.codeSent, "success");
      },
      onError: (failure) => !failure.errors.phone && show(failure.message, "error"),
    },
  );
  const replace = (number: TextNumberJson) => setNumbers((current) => current.map((other) => (other.id === number.id ? number : other)));
  const remove = (id: number) => setNumbers((current) => current.filter((other) => other.id !== id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void adding.run(phone);
  };

  return (
    <TitledSection id="account-texts" title={w.title} className={accountStyles.card} titleClassName={accountStyles.sectionTitle}>
      {!available ? (
        <p className={accountStyles.muted}>{w.unavailable}</p>
      ) : (
        <>
          <p className={accountStyles.muted}>{w.lead}</p>
          {numbers.length > 0 && (
            <ul className={styles.numbers}>
              {numbers.map((number) => (
                <TextNumberCard key={number.id} number={number} words={w} owner={owner} onChange={replace} onRemove={remove} />
              ))}
            </ul>
          )}
          <form className={formStyles.form} onSubmit={submit} noValidate>
            <TextField
              label={w.phone}
              name="textPhone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              disabled={!hydrated}
              value={phone}
              onChange={(event) => {
                setPhone(event.target.value);
                adding.reset();
              }}
              error={adding.errors.phone}
              hint={w.phoneHint}
            />
            <div className={formStyles.actions}>
              <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={adding.busy || !phone.trim()}>
                {adding.busy ? w.sending : w.send}
              </button>
            </div>
          </form>
        </>
      )}
    </TitledSection>
  );
}
