"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, api } from "@/lib/client/api";
import { COURIER_SUSPENDED, SERVER_FAILURE } from "@/lib/shared/messages";
import { ConsentLine } from "@/components/legal/consent-line";
import { ACCEPTED_AT } from "@/lib/shared/legal";

const SAID = {
  applied: "Your application to deliver is waiting for Nosh's approval. This page opens once it is approved.",
  suspended: COURIER_SUSPENDED,
  approved: "You are a Nosh courier: reload this page.",
} as Record<string, string>;

/** "Apply to deliver" (POST /api/courier/apply); an operator approves at /admin/couriers. */
export function CourierApply({ status }: { status: string | null }) {
  const [state, setState] = useState(status);
  const [error, setError] = useState<string | null>(null);
  if (state) return <p role="status">{SAID[state] ?? state}</p>;
  const apply = async () => {
    try {
      const answer = await api<{ courierStatus: string }>("/api/courier/apply", { method: "POST" });
      setState(answer.courierStatus);
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : SERVER_FAILURE);
    }
  };
  return (
    <>
      <p>Want to deliver for Nosh? Apply, and a Nosh operator will review your account.</p>
      <button type="button" className={buttonClass()} onClick={apply}>
        Apply to deliver
      </button>
      <ConsentLine action="applying" kinds={ACCEPTED_AT.courier} />
      {error && <p role="alert">{error}</p>}
    </>
  );
}
