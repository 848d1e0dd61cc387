"use client";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { Words } from "@/lib/i18n/words";
import type { PromotionKind } from "@/lib/shared/money/promotions";
import { fill } from "@/lib/shared/words/fill";
import formStyles from "@/components/owner/owner-form.module.css";
import styles from "./promotions.module.css";

/** The promotion form's values, as typed. */
export type Values = {
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
  /** An offer's dish or section (an id as the select's text), its daily window ("HH:MM"), whether it combines with codes. */
  dishId: string;
  sectionId: string;
  windowFrom: string;
  windowUntil: string;
  stacksWithCode: boolean;
};

/** The restaurant's dishes and sections an offer may be on (the page reads them with the restaurant). */
export type OfferMenu = { dishes: { id: number; name: string }[]; sections: { id: number; name: string }[] };

/**
 * An offer's own fields (docs/architecture/promotions.md "Offers"): the dish of a buy one get one
 * or a free dish, the section and daily window (the restaurant's clock) of a section's percent, and
 * whether an automatic offer combines with codes; each refusal beside its field.
 */
export function OfferFields({
  values,
  set,
  errors,
  words,
  menu,
  canStack,
  timeZone,
}: {
  values: Values;
  set: <K extends keyof Values>(key: K, value: Values[K]) => void;
  errors: Record<string, string | undefined>;
  words: Words<"kitchen">["promotions"]["form"];
  menu: OfferMenu;
  /** An automatic offer (no code): it may say it combines with codes. */
  canStack: boolean;
  /** The restaurant's zone: the window is on its clock. */
  timeZone: string;
}) {
  const { kind } = values;
  return (
    <>
      {(kind === "bogo" || kind === "free_item") && (
        <div className={formStyles.row}>
          <SelectField
            label={words.dish}
            value={values.dishId}
            onChange={(event) => set("dishId", event.target.value)}
            error={errors.dishId}
            hint={kind === "bogo" ? words.bogoHint : words.freeItemHint}
          >
            <option value="">{words.chooseDish}</option>
            {menu.dishes.map((dish) => (
              <option key={dish.id} value={dish.id}>
                {dish.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {kind === "section_percent" && (
        <>
          <div className={formStyles.row}>
            <SelectField label={words.section} value={values.sectionId} onChange={(event) => set("sectionId", event.target.value)} error={errors.sectionId}>
              <option value="">{words.chooseSection}</option>
              {menu.sections.map((section) => (
                <option key={section.id} value={section.id}>
                  {section.name}
                </option>
              ))}
            </SelectField>
          </div>
          <div className={formStyles.row}>
            <TextField
              label={words.windowFrom}
              type="time"
              value={values.windowFrom}
              onChange={(event) => set("windowFrom", event.target.value)}
              error={errors.windowFrom}
              hint={fill(words.windowHint, { zone: timeZone })}
            />
            <TextField
              label={words.windowUntil}
              type="time"
              value={values.windowUntil}
              onChange={(event) => set("windowUntil", event.target.value)}
              error={errors.windowUntil}
            />
          </div>
        </>
      )}
      {canStack && (
        <label className={styles.check}>
          <input type="checkbox" checked={values.stacksWithCode} onChange={(event) => set("stacksWithCode", event.target.checked)} />
          <span>
            <span className={styles.checkLabel}>{words.stacks}</span>
            <span className={styles.checkHint}>{words.stacksHint}</span>
          </span>
        </label>
      )}
      {errors.stacksWithCode && <p className={styles.error}>{errors.stacksWithCode}</p>}
    </>
  );
}
