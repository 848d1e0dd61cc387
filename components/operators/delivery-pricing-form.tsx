"use client";
import { useId, useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useOperatorForm } from "./use-operator-form";
import { invalid, OperatorField, OperatorForm } from "./operator-form";
import type { Words } from "@/lib/i18n/words";
import { kmOfMiles, perKmOfPerMile } from "@/lib/shared/delivery/distance";
import { fill } from "@/lib/shared/words/fill";
import styles from "./operators.module.css";

/** The rule in the market's major units, as GET /api/admin/delivery-pricing answers it (a mi market's page: bands and the per-distance fee in miles). */
export type PricingValues = {
  mode: "flat" | "distance";
  flatFee: number;
  baseFee: number;
  perKm: number;
  bands: { upToKm: number; fee: number }[];
  smallOrderFee: number;
  smallOrderUnder: number;
  serviceFeePercent: number;
};

const MAX_BANDS = 8;

/** Which market's rule (absent: the default's): its currency's digits, and its distance unit (mi: sent as km). */
export type PricingMarket = { id: number; digits: number; unit: "km" | "mi" };

/** Sets a market's delivery pricing (PUT /api/admin/delivery-pricing?market=): each field's refusal beside it, then the page refreshed. */
export function DeliveryPricingForm({ values, words, market }: { values: PricingValues; words: Words<"admin">["pricing"]["form"]; market?: PricingMarket }) {
  const id = useId();
  const [mode, setMode] = useState(values.mode);
  const [bands, setBands] = useState(values.bands.map((band, key) => ({ key, ...band })));
  const form = useOperatorForm(
    (body: Record<string, unknown>) =>
      api<PricingValues>(market ? `/api/admin/delivery-pricing?market=${market.id}` : "/api/admin/delivery-pricing", { method: "PUT", body }),
    { done: () => words.saved, refused: words.refused },
  );

  const { errors } = form;

  // onSubmit, not a form action: React resets a form after its action, and a refused field's value must stay to be corrected.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    const number = (name: string) => {
      const raw = String(data.get(name) ?? "").trim();
      return raw === "" ? null : Number(raw);
    };
    // A mi market's miles, stored as km: a band to one decimal, the per-mile fee as the per-km one in minor units.
    // A value with more decimals than that goes as typed, for the server to refuse beside its field.
    const miles = market?.unit === "mi";
    const whole = (value: number) => Math.abs(value - Math.round(value)) < 1e-6;
    const km = (value: number | null) => (miles && value !== null && whole(value * 10) ? kmOfMiles(value) : value);
    const scale = 10 ** (market?.digits ?? 2);
    const perKm = (value: number | null) => (miles && value !== null && whole(value * scale) ? perKmOfPerMile(Math.round(value * scale)) / scale : value);
    const saved = await form.submit({
      mode,
      flatFee: number("flatFee"),
      baseFee: number("baseFee"),
      perKm: perKm(number("perKm")),
      bands: bands.map((band) => ({ upToKm: km(number(`band-${band.key}-upToKm`)), fee: number(`band-${band.key}-fee`) })),
      smallOrderFee: number("smallOrderFee"),
      smallOrderUnder: number("smallOrderUnder"),
      serviceFeePercent: number("serviceFeePercent"),
      reason: String(data.get("reason") ?? "").trim() || undefined,
    });
    // Not remounted by the refresh: "Saved." stays, the fields keep what was saved, and the reason is for the next change.
    if (saved === undefined) return;
    const reason = element.elements.namedItem("reason");
    if (reason instanceof HTMLInputElement || reason instanceof HTMLTextAreaElement) reason.value = "";
  };

  const money = market?.digits === 0 ? "1" : "0.01";
  const field = (name: string, label: string, defaultValue: number, { step = money, error = name, hint }: { step?: string; error?: string; hint?: string } = {}) => (
    <OperatorField id={id} name={name} label={label} errors={errors} errorKey={error} hint={hint}>
      <input
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        required
        defaultValue={defaultValue}
        {...invalid(id, name, errors, error)}
      />
    </OperatorField>
  );

  return (
    <OperatorForm id={id} label={words.label} wide onSubmit={(event) => void submit(event)} why={words.why} form={form} button={[words.save, words.saving]}>
      <fieldset className={styles.form}>
        <legend className={styles.formTitle}>{words.fee}</legend>
        <label className={styles.check}>
          <input type="radio" name="mode" value="flat" checked={mode === "flat"} onChange={() => setMode("flat")} /> {words.flat}
        </label>
        <label className={styles.check}>
          <input type="radio" name="mode" value="distance" checked={mode === "distance"} onChange={() => setMode("distance")} /> {words.distance}
        </label>
        <div className={styles.taxFields}>
          {field("flatFee", mode === "flat" ? words.flatFee : words.unknownFee, values.flatFee)}
          {mode === "distance" && field("baseFee", words.baseFee, values.baseFee)}
          {mode === "distance" && field("perKm", words.perKm, values.perKm)}
        </div>
      </fieldset>
      {mode === "distance" && (
        <fieldset className={styles.form}>
          <legend className={styles.formTitle}>{words.bands}</legend>
          <p className={styles.meta}>{words.bandsHint}</p>
          {errors.bands && <span className={styles.error}>{errors.bands}</span>}
          {bands.map((band, index) => (
            <div key={band.key} className={styles.taxFields} role="group" aria-label={fill(words.band, { n: index + 1 })}>
              {field(`band-${band.key}-upToKm`, fill(words.upTo, { n: index + 1 }), band.upToKm, { step: "0.1", error: `bands.${index}.upToKm` })}
              {field(`band-${band.key}-fee`, fill(words.bandFee, { n: index + 1 }), band.fee, { error: `bands.${index}.fee` })}
              <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setBands(bands.filter((b) => b.key !== band.key))}>
                {fill(words.remove, { n: index + 1 })}
              </button>
            </div>
          ))}
          {bands.length < MAX_BANDS && (
            <div>
              <button
                type="button"
                className={buttonClass({ variant: "secondary", size: "small" })}
                onClick={() => {
                  const last = bands.at(-1);
                  setBands([...bands, { key: Date.now(), upToKm: last ? last.upToKm + 2 : 3, fee: last ? last.fee + 2 : values.baseFee }]);
                }}
              >
                {words.add}
              </button>
            </div>
          )}
        </fieldset>
      )}
      <fieldset className={styles.form}>
        <legend className={styles.formTitle}>{words.small}</legend>
        <div className={styles.taxFields}>
          {field("smallOrderFee", words.smallFee, values.smallOrderFee)}
          {field("smallOrderUnder", words.smallUnder, values.smallOrderUnder)}
          {field("serviceFeePercent", words.service, values.serviceFeePercent, { step: "0.1" })}
        </div>
      </fieldset>
    </OperatorForm>
  );
}
