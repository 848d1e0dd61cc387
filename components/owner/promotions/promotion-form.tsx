"use client";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { PromotionJson } from "@/lib/contract/promotions/schemas";
import { isoToZonedInput, zonedInputToIso } from "@/lib/shared/time/opening-hours";
import type { PromotionKind } from "@/lib/shared/money/promotions";
import { isOfferKind } from "@/lib/shared/money/offers";
import { OfferFields, type OfferMenu, type Values } from "./offer-fields";
import formStyles from "@/components/owner/owner-form.module.css";
import styles from "./promotions.module.css";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";

/** The fields typed as text. */
type TextKey = Exclude<keyof Values, "kind" | "firstOrderOnly" | "stacksWithCode">;

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
      dishId: "",
      sectionId: "",
      windowFrom: "",
      windowUntil: "",
      stacksWithCode: false,
    };
  }
  return {
    code: promotion.code ?? "",
    kind: promotion.kind,
    value: promotion.kind === "free_delivery" || promotion.kind === "bogo" || promotion.kind === "free_item" ? "" : String(promotion.value),
    maxDiscount: promotion.maxDiscount === null ? "" : String(promotion.maxDiscount),
    minSubtotal: promotion.minSubtotal ? String(promotion.minSubtotal) : "",
    startsAt: isoToZonedInput(promotion.startsAt, timeZone),
    endsAt: isoToZonedInput(promotion.endsAt, timeZone),
    firstOrderOnly: promotion.firstOrderOnly,
    perCustomerLimit: promotion.perCustomerLimit === null ? "" : String(promotion.perCustomerLimit),
    totalLimit: promotion.totalLimit === null ? "" : String(promotion.totalLimit),
    dishId: promotion.dishId === null ? "" : String(promotion.dishId),
    sectionId: promotion.sectionId === null ? "" : String(promotion.sectionId),
    windowFrom: promotion.windowFrom ?? "",
    windowUntil: promotion.windowUntil ?? "",
    stacksWithCode: promotion.stacksWithCode,
  };
}

const wholeOrText = (text: string) => (text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The API's body: every field, as PUT and POST /api/manage/{id}/promotions take them (the server checks them). */
function bodyOf(values: Values, timeZone: string) {
  const { kind } = values;
  const id = (text: string) => (text === "" ? null : Number(text));
  return {
    code: isOfferKind(kind) ? null : values.code.trim() || null,
    kind,
    value: kind === "free_delivery" || kind === "bogo" || kind === "free_item" ? 0 : kind === "amount" ? values.value.trim() || null : wholeOrText(values.value),
    maxDiscount: values.kind === "free_delivery" ? null : values.maxDiscount.trim() || null,
    minSubtotal: values.minSubtotal.trim() || null,
    startsAt: values.startsAt ? (zonedInputToIso(values.startsAt, timeZone) ?? values.startsAt) : null,
    endsAt: values.endsAt ? (zonedInputToIso(values.endsAt, timeZone) ?? values.endsAt) : null,
    firstOrderOnly: values.firstOrderOnly,
    perCustomerLimit: wholeOrText(values.perCustomerLimit),
    totalLimit: wholeOrText(values.totalLimit),
    dishId: kind === "bogo" || kind === "free_item" ? id(values.dishId) : null,
    sectionId: kind === "section_percent" ? id(values.sectionId) : null,
    windowFrom: kind === "section_percent" ? values.windowFrom || null : null,
    windowUntil: kind === "section_percent" ? values.windowUntil || null : null,
    stacksWithCode: values.stacksWithCode,
  };
}

/** Whose offers a screen shows: the restaurant's, or (`platform`) the platform's there. */
export type OfferPlace = {
  restaurantId: number;
  /** The restaurant's dishes and sections an offer may be on. */
  menu: OfferMenu;
  /** The operator's view: the platform-funded offers at this restaurant (/api/admin/restaurants/{id}/offers), created and ended, never edited; no code. */
  platform?: boolean;
  /** The restaurant's IANA zone: the dates are typed and shown on its clock. */
  timeZone: string;
};

/** Create a promotion, or edit `editing`: every field, each error beside its field. */
export function PromotionForm({
  restaurantId,
  timeZone,
  editing,
  onSaved,
  onCancel,
  words,
  menu,
  platform = false,
}: OfferPlace & {
  editing: PromotionJson | null;
  onSaved: (promotion: PromotionJson) => void;
  onCancel: () => void;
  words: Words<"kitchen">["promotions"]["form"];
}) {
  const [values, setValues] = useState(() => valuesOf(editing, timeZone));
  const save = useApiAction(
    (body: unknown) =>
      platform
        ? api<{ offer: PromotionJson }>(`/api/admin/restaurants/${restaurantId}/offers`, { method: "POST", body }).then(({ offer }) => ({ promotion: offer }))
        : api<{ promotion: PromotionJson }>(`/api/manage/${restaurantId}/promotions${editing ? `/${editing.id}` : ""}`, { method: editing ? "PUT" : "POST", body }),
    {
      onSuccess: ({ promotion }) => {
        onSaved(promotion);
        if (!editing) setValues(valuesOf(null, timeZone));
      },
    },
  );
  const { errors, busy: saving } = save;
  // A refusal naming fields is told beside them, with "check the fields" under the form.
  const failure = save.failure && (Object.keys(errors).length ? words.check : save.failure.message);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  /** A text field's value, its change and its refusal. */
  const field = (key: TextKey) => ({ value: values[key], onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value), error: errors[key] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save.run(bodyOf(values, timeZone));
  };

  const kind = values.kind;
  return (
    <form className={`${formStyles.form} ${styles.form}`} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="promotion-form-title">
      <fieldset className={formStyles.section}>
        <legend id="promotion-form-title" className={formStyles.legend}>
          {editing ? fill(words.editTitle, { name: editing.code ?? words.automaticOffer }) : words.newTitle}
        </legend>
        <div className={formStyles.row}>
          {!platform && !isOfferKind(kind) && (
            <TextField label={words.code} {...field("code")} hint={words.codeHint} autoCapitalize="characters" spellCheck={false} maxLength={40} />
          )}
          <SelectField label={words.kind} value={kind} onChange={(event) => set("kind", event.target.value as PromotionKind)} error={errors.kind}>
            <option value="percent">{words.percent}</option>
            <option value="amount">{words.amount}</option>
            <option value="free_delivery">{words.freeDelivery}</option>
            <option value="bogo">{words.bogo}</option>
            <option value="free_item">{words.freeItem}</option>
            <option value="section_percent">{words.sectionPercent}</option>
          </SelectField>
        </div>
        <OfferFields
          values={values}
          set={set}
          errors={errors}
          words={words}
          menu={menu}
          canStack={platform || isOfferKind(kind) || !values.code.trim()}
          timeZone={timeZone}
        />
        {kind !== "free_delivery" && (
          <div className={formStyles.row}>
            {kind !== "bogo" && kind !== "free_item" && (
              <TextField
                label={kind === "amount" ? words.amountOff : words.percentOff}
                inputMode={kind === "amount" ? "decimal" : "numeric"}
                {...field("value")}
                hint={kind === "amount" ? words.amountHint : words.percentHint}
              />
            )}
            <TextField label={words.maxDiscount} inputMode="decimal" {...field("maxDiscount")} hint={words.maxHint} />
          </div>
        )}
        <div className={formStyles.row}>
          <TextField
            label={kind === "free_item" ? words.basket : words.minSubtotal}
            inputMode="decimal"
            {...field("minSubtotal")}
            hint={kind === "free_item" ? words.basketHint : words.minHint}
          />
          <label className={styles.check}>
            <input type="checkbox" checked={values.firstOrderOnly} onChange={(event) => set("firstOrderOnly", event.target.checked)} />
            <span>
              <span className={styles.checkLabel}>{words.firstOnly}</span>
              <span className={styles.checkHint}>{words.firstHint}</span>
            </span>
          </label>
        </div>
        {errors.firstOrderOnly && <p className={styles.error}>{errors.firstOrderOnly}</p>}
        <div className={formStyles.row}>
          <TextField label={words.starts} type="datetime-local" {...field("startsAt")} hint={fill(words.startsHint, { zone: timeZone })} />
          <TextField label={words.ends} type="datetime-local" {...field("endsAt")} hint={fill(words.endsHint, { zone: timeZone })} />
        </div>
        <div className={formStyles.row}>
          <TextField label={words.perCustomer} inputMode="numeric" {...field("perCustomerLimit")} hint={words.noLimitHint} />
          <TextField label={words.total} inputMode="numeric" {...field("totalLimit")} hint={words.noLimitHint} />
        </div>
        {failure && (
          <p className={formStyles.failure} role="alert">
            {failure}
          </p>
        )}
        <div className={styles.formActions}>
          <button type="submit" className={buttonClass()} disabled={saving}>
            {saving ? words.saving : editing ? words.save : words.create}
          </button>
          {editing && (
            <button type="button" className={buttonClass({ variant: "ghost" })} onClick={onCancel}>
              {words.cancel}
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
