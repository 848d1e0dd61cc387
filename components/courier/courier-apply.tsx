"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { SelectField } from "@/components/ui/select-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import { ConsentLine } from "@/components/legal/consent-line";
import { ACCEPTED_AT } from "@/lib/shared/people/legal";
import { MOTOR_VEHICLES, VEHICLES, type Vehicle } from "@/lib/shared/delivery/courier-onboarding";

/** "Apply to deliver" with the vehicle (POST /api/courier/apply); an operator approves at /admin/couriers, documents at /admin/courier-documents. */
export function CourierApply({ status, words: w, vehicles }: { status: string | null; words: Words<"courier">["apply"]; vehicles: Words<"courier">["vehicles"] }) {
  const said: Record<string, string> = { applied: w.applied, suspended: w.suspended, approved: w.approved };
  const [state, setState] = useState(status);
  const [vehicle, setVehicle] = useState<Vehicle>("bike");
  const call = useApiAction((body: { vehicle: Vehicle }) => api<{ courierStatus: string }>("/api/courier/apply", { method: "POST", body }), {
    onSuccess: (answer) => setState(answer.courierStatus),
  });
  const error = call.message;
  if (state)
    return (
      <>
        <p role="status">{said[state] ?? state}</p>
        {state === "applied" && (
          <p>
            <Link href="/courier/documents">{w.documents}</Link>
          </p>
        )}
      </>
    );
  const apply = () => void call.run({ vehicle });
  return (
    <>
      <p>{w.intro}</p>
      <SelectField
        label={w.vehicle}
        value={vehicle}
        onChange={(event) => setVehicle(event.target.value as Vehicle)}
        hint={MOTOR_VEHICLES.includes(vehicle) ? w.motor : undefined}
      >
        {VEHICLES.map((v) => (
          <option key={v} value={v}>
            {vehicles[v]}
          </option>
        ))}
      </SelectField>
      <button type="button" className={buttonClass()} onClick={apply}>
        {w.apply}
      </button>
      <ConsentLine step="courier" kinds={ACCEPTED_AT.courier} />
      {error && <p role="alert">{error}</p>}
    </>
  );
}
