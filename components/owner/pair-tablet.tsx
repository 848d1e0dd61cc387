"use client";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { PairedJson } from "@/lib/contract/kitchen-devices/schemas";
import { DEVICE_NAME_MAX } from "@/lib/shared/kitchen/devices";
import type { Words } from "@/lib/i18n/words";
import styles from "@/components/gift-cards/gift-cards.module.css";

// The tablet's side of pairing on /kitchen (docs/architecture/kitchen.md "A board that lives on a
// tablet"): the code shown on the restaurant's settings page and a name for the tablet; paired, the
// tablet holds its own cookie and opens the board (a full load: the board's page reads the cookie).
// A wrong, expired or used code, or too many tries, is told beside the code.
export function PairTablet({ words: w }: { words: Words<"kitchen">["pairPage"] }) {
  const [form, setForm] = useState({ code: "", name: "" });
  const pair = useApiAction((body: typeof form) => api<PairedJson>("/api/kitchen/pair", { method: "POST", body }), {
    onSuccess: (answer) => window.location.assign(answer.boardUrl),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pair.run({ code: form.code.trim(), name: form.name.trim() });
  };
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((was) => ({ ...was, [field]: event.target.value }));
  const codeError = pair.errors.code ?? (pair.failure && !pair.errors.name ? pair.failure.message : undefined);
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <TextField
        label={w.code}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        value={form.code}
        onChange={set("code")}
        error={codeError}
        hint={w.codeHint}
      />
      <TextField
        label={w.name}
        name="name"
        autoComplete="off"
        maxLength={DEVICE_NAME_MAX}
        value={form.name}
        onChange={set("name")}
        error={pair.errors.name}
        hint={w.nameHint}
      />
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "large" })} disabled={pair.busy}>
          {pair.busy ? w.pairing : w.submit}
        </button>
      </div>
    </form>
  );
}
