"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import styles from "./texts.module.css";

type Answer = { connected: "customer" | "courier" | null; orderId: number | null; twiml: string };

/** /dev/calls's phone: call or text a relay number from any number, through the relay's webhooks; says whom it connected. */
export function DevRelayPhone({ words: w }: { words: Words<"profile">["devCalls"] }) {
  const router = useRouter();
  const [kind, setKind] = useState<"call" | "text">("call");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const action = useApiAction((body: Record<string, unknown>) => api<Answer>("/api/calls/dev-phone", { method: "POST", body }), {
    onSuccess: (next) => {
      setAnswer(next);
      router.refresh();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const seconds = Number(form.get("seconds") || "60");
    void action.run({ from: form.get("from"), relay: form.get("relay"), kind, ...(kind === "text" ? { body: form.get("body") } : { seconds }) });
  };
  return (
    <form className={styles.devPhone} onSubmit={submit} noValidate>
      <TextField label={w.from} name="from" type="tel" autoComplete="off" error={action.errors.from} />
      <TextField label={w.relay} name="relay" type="tel" autoComplete="off" error={action.errors.relay} />
      <fieldset className={styles.kinds}>
        <legend>{w.kind}</legend>
        {(["call", "text"] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {k === "call" ? w.call : w.text}
          </label>
        ))}
      </fieldset>
      {kind === "text" ? (
        <TextField label={w.body} name="body" error={action.errors.body} />
      ) : (
        <TextField label={w.seconds} name="seconds" type="number" min={0} max={3600} defaultValue="60" error={action.errors.seconds} />
      )}
      <button type="submit" className={buttonClass({})} disabled={action.busy}>
        {kind === "call" ? w.dial : w.send}
      </button>
      {action.message && !Object.keys(action.errors).length && <p role="alert">{action.message}</p>}
      {answer && (
        <div role="status" className={styles.devAnswer}>
          <p>{answer.connected ? fill(answer.connected === "courier" ? w.connectedCourier : w.connectedCustomer, { order: String(answer.orderId) }) : w.notConnected}</p>
          <pre aria-label={w.answer}>{answer.twiml}</pre>
        </div>
      )}
    </form>
  );
}
