"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import styles from "./operators.module.css";

// An operator voids an unredeemed gift card whose charge is disputed (POST /api/admin/gift-cards/{id}/void):
// a reason, audited; the refusal beside the reason, the list read again once voided.

export function VoidGiftCard({ id, words: w }: { id: number; words: Words<"admin">["giftCards"] }) {
  const router = useRouter();
  const [reason, setReason] = useState("");
  const action = useApiAction((body: { reason: string }) => api(`/api/admin/gift-cards/${id}/void`, { method: "POST", body }), { onSuccess: () => router.refresh() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run({ reason: reason.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className={styles.intro}>
      <TextField
        label={w.reason}
        name={`reason-${id}`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={action.failure ? (action.errors.reason ?? action.failure.message) : undefined}
      />
      <button type="submit" className={buttonClass({ variant: "secondary", size: "small" })} disabled={action.busy}>
        {action.busy ? w.voiding : w.void}
      </button>
    </form>
  );
}
