"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { SelectField } from "@/components/ui/select-field";
import { ApiClientError, api } from "@/lib/client/api";
import { COURIER_SUSPENDED, SERVER_FAILURE } from "@/lib/shared/messages";
import { ConsentLine } from "@/components/legal/consent-line";
import { ACCEPTED_AT } from "@/lib/shared/legal";
import { MOTOR_VEHICLES, VEHICLE_LABELS, VEHICLES, type Vehicle } from "@/lib/shared/courier-onboarding";

const SAID = {
  applied: "Your application to deliver is waiting for Nosh's approval. This page opens once it is approved.",
  suspended: COURIER_SUSPENDED,
  approved: "You are a Nosh courier: reload this page.",
} as Record<string, string>;

/** "Apply to deliver" with the vehicle (POST /api/courier/apply); an operator approves at /admin/couriers, documents at /admin/courier-documents. */
export function CourierApply({ status }: { status: string | null }) {
  const [state, setState] = useState(status);
  const [vehicle, setVehicle] = useState<Vehicle>("bike");
  const [error, setError] = useState<string | null>(null);
  if (state)
    return (
      <>
        <p role="status">{SAID[state] ?? state}</p>
        {state === "applied" && (
          <p>
            <Link href="/courier/documents">Your documents and background check</Link>
          </p>
        )}
      </>
    );
  const apply = async () => {
    try {
      const answer = await api<{ courierStatus: string }>("/api/courier/apply", { method: "POST", body: { vehicle } });
      setState(answer.courierStatus);
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : SERVER_FAILURE);
    }
  };
  return (
    <>
      <p>Want to deliver for Nosh? Apply, and a Nosh operator will review your account.</p>
      <SelectField
        label="What will you deliver with?"
        value={vehicle}
        onChange={(event) => setVehicle(event.target.value as Vehicle)}
        hint={MOTOR_VEHICLES.includes(vehicle) ? "A scooter or a car needs your driving licence and insurance, approved by Nosh, before your first shift." : undefined}
      >
        {VEHICLES.map((v) => (
          <option key={v} value={v}>
            {VEHICLE_LABELS[v]}
          </option>
        ))}
      </SelectField>
      <button type="button" className={buttonClass()} onClick={apply}>
        Apply to deliver
      </button>
      <ConsentLine step="courier" kinds={ACCEPTED_AT.courier} />
      {error && <p role="alert">{error}</p>}
    </>
  );
}
