"use client";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { PromotionJson } from "@/lib/contract/promotion-schemas";
import { isoToZonedInput, zonedInputToIso } from "@/lib/shared/opening-hours";
import type { PromotionKind } from "@/lib/shared/promotions";
import formStyles from "@/components/owner/owner-form.module.css";
import styles from "./promotions.module.css";

type Values = {
  code: string;
  kind: PromotionKind;
  value: string;
  maxDiscount: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  firstOrderOnly: boolean;
  perCustomerLimit: string;
  totalLimit: string;
};

/**
 * The form's values: the dates as datetime-local text on the restaurant's clock (`timeZone`), not
 * the browser's: an owner travelling, or a manager in another zone, types the restaurant's hours.
 * "Uses per customer" starts empty: no limit.
 */
function valuesOf(promotion: PromotionJson | null, timeZone: string): Values {
  if (!promotion) {
    return {
      code: "",
      kind: "percent",
      value: "",
      maxDiscount: "",
      minSubtotal: "",
      startsAt: "",
      endsAt: "",
      firstOrderOnly: false,
      perCustomerLimit: "",
      totalLimit: "",
    };
  }
  return {
    code: promotion.code ?? "",
    kind: promotion.kind,
    value: promotion.kind === "free_delivery" ? "" : String(promotion.value),
    maxDiscount: promotion.maxDiscount === null ? "" : String(promotion.maxDiscount),
    minSubtotal: promotion.minSubtotal ? String(promotion.minSubtotal) : "",
    startsAt: isoToZonedInput(promotion.startsAt, timeZone),
    endsAt: isoToZonedInput(promotion.endsAt, timeZone),
    firstOrderOnly: promotion.firstOrderOnly,
    perCustomerLimit: promotion.perCustomerLimit === null ? "" : String(promotion.perCustomerLimit),
    totalLimit: promotion.totalLimit === null ? "" : String(promotion.totalLimit),
  };
}

const wholeOrText = (text: string) => (text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The API's body: every field, as PUT and POST /api/manage/{id}/promotions take them (the server checks them). */
function bodyOf(values: Values, timeZone: string) {
  return {
    code: values.code.trim() || null,
    kind: values.kind,
    value: values.kind === "free_delivery" ? 0 : values.kind === "percent" ? wholeOrText(values.value) : values.value.trim() || null,
    maxDiscount: values.kind === "free_delivery" ? null : values.maxDiscount.trim() || null,
    minSubtotal: values.minSubtotal.trim() || null,
    startsAt: values.startsAt ? (zonedInputToIso(values.startsAt, timeZone) ?? values.startsAt) : null,
    endsAt: values.endsAt ? (zonedInputToIso(values.endsAt, timeZone) ?? values.endsAt) : null,
    firstOrderOnly: values.firstOrderOnly,
    perCustomerLimit: wholeOrText(values.perCustomerLimit),
    totalLimit: wholeOrText(values.totalLimit),
  };
}

/** Create a promotion, or edit `editing`: every field, each error beside its field. */
export function PromotionForm({
  restaurantId,
  timeZone,
  editing,
  onSaved,
  onCancel,
}: {
  restaurantId: number;
  /** The restaurant's IANA zone: the dates are typed and shown on its clock. */
  timeZone: string;
  editing: PromotionJson | null;
  onSaved: (promotion: PromotionJson) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(() => valuesOf(editing, timeZone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFailure(null);
    const { api, ApiClientError, SERVER_FAILURE } = await import("@/lib/client/api");
    try {
      const url = `/api/manage/${restaurantId}/promotions${editing ? `/${editing.id}` : ""}`;
      const { promotion } = await api<{ promotion: PromotionJson }>(url, { method: editing ? "PUT" : "POST", body: bodyOf(values, timeZone) });
      onSaved(promotion);
      if (!editing) setValues(valuesOf(null, timeZone));
    } catch (error) {
      if (error instanceof ApiClientError && Object.keys(error.errors).length) {
        setErrors(error.errors);
        setFailure("Check the highlighted fields.");
      } else setFailure(error instanceof ApiClientError ? error.message : SERVER_FAILURE);
    } finally {
      setSaving(false);
    }
  };

  const kind = values.kind;
  return (
    <form className={`${formStyles.form} ${styles.form}`} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="promotion-form-title">
      <fieldset className={formStyles.section}>
        <legend id="promotion-form-title" className={formStyles.legend}>
          {editing ? `Edit ${editing.code ?? "automatic offer"}` : "New promotion"}
        </legend>
        <div className={formStyles.row}>
          <TextField
            label="Code"
            value={values.code}
            onChange={(event) => set("code", event.target.value)}
            error={errors.code}
            hint="4-16 letters or digits. Leave empty for an automatic offer shown on your page."
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
          />
          <SelectField label="Discount type" value={kind} onChange={(event) => set("kind", event.target.value as PromotionKind)} error={errors.kind}>
            <option value="percent">Percent off the items</option>
            <option value="amount">Amount off the items</option>
            <option value="free_delivery">Free delivery</option>
          </SelectField>
        </div>
        {kind !== "free_delivery" && (
          <div className={formStyles.row}>
            <TextField
              label={kind === "percent" ? "Percent off" : "Amount off ($)"}
              inputMode={kind === "percent" ? "numeric" : "decimal"}
              value={values.value}
              onChange={(event) => set("value", event.target.value)}
              error={errors.value}
              hint={kind === "percent" ? "A whole number from 1 to 100" : "Never more than the items cost"}
            />
            <TextField
              label="Maximum discount ($)"
              inputMode="decimal"
              value={values.maxDiscount}
              onChange={(event) => set("maxDiscount", event.target.value)}
              error={errors.maxDiscount}
              hint="Optional cap"
            />
          </div>
        )}
        <div className={formStyles.row}>
          <TextField
            label="Minimum subtotal ($)"
            inputMode="decimal"
            value={values.minSubtotal}
            onChange={(event) => set("minSubtotal", event.target.value)}
            error={errors.minSubtotal}
            hint="Optional: the items must cost at least this"
          />
          <label className={styles.check}>
            <input type="checkbox" checked={values.firstOrderOnly} onChange={(event) => set("firstOrderOnly", event.target.checked)} />
            <span>
              <span className={styles.checkLabel}>First order only</span>
              <span className={styles.checkHint}>For customers who have never ordered from you (not guests)</span>
            </span>
          </label>
        </div>
        {errors.firstOrderOnly && <p className={styles.error}>{errors.firstOrderOnly}</p>}
        <div className={formStyles.row}>
          <TextField
            label="Starts"
            type="datetime-local"
            value={values.startsAt}
            onChange={(event) => set("startsAt", event.target.value)}
            error={errors.startsAt}
            hint={`Optional: now when empty. Times in ${timeZone}`}
          />
          <TextField
            label="Ends"
            type="datetime-local"
            value={values.endsAt}
            onChange={(event) => set("endsAt", event.target.value)}
            error={errors.endsAt}
            hint={`Optional: never when empty. Times in ${timeZone}`}
          />
        </div>
        <div className={formStyles.row}>
          <TextField
            label="Uses per customer"
            inputMode="numeric"
            value={values.perCustomerLimit}
            onChange={(event) => set("perCustomerLimit", event.target.value)}
            error={errors.perCustomerLimit}
            hint="Optional: no limit when empty"
          />
          <TextField
            label="Total uses"
            inputMode="numeric"
            value={values.totalLimit}
            onChange={(event) => set("totalLimit", event.target.value)}
            error={errors.totalLimit}
            hint="Optional: no limit when empty"
          />
        </div>
        {failure && (
          <p className={formStyles.failure} role="alert">
            {failure}
          </p>
        )}
        <div className={styles.formActions}>
          <button type="submit" className={buttonClass()} disabled={saving}>
            {saving ? "Saving…" : editing ? "Save promotion" : "Create promotion"}
          </button>
          {editing && (
            <button type="button" className={buttonClass({ variant: "ghost" })} onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
