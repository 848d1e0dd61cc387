"use client";
import { TextAreaField } from "@/components/ui/text-area-field";
import { ALLERGENS, DIET_CODES, MAY_CONTAIN_NOTE_MAX, type Allergen, type DietLabel } from "@/lib/shared/menu/allergens";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import formStyles from "./owner-form.module.css";
import styles from "@/components/menu/menu-filter.module.css";

// The dish form's "Allergens and diet" section (docs/architecture/allergens.md): the EU's 14
// allergens it contains, those it may contain, its diet labels and the free "may contain" note.

export type DishAllergenDraft = { allergens: Allergen[]; mayContain: Allergen[]; mayContainNote: string; dietLabels: DietLabel[] };

type Props = {
  value: DishAllergenDraft;
  onChange: (next: DishAllergenDraft) => void;
  errors: Record<string, string>;
  /** Its words and the allergens' and diets' names, in the reader's language (from the server). */
  words: Words<"menus">["allergens"];
  allergenNames: Record<Allergen, string>;
  dietNames: Record<DietLabel, string>;
};

const toggled = <T extends string>(list: readonly T[], all: readonly T[], name: T, on: boolean): T[] => all.filter((n) => (n === name ? on : list.includes(n)));

function Choices<T extends string>({
  legend,
  kind,
  all,
  names,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  kind: string;
  all: readonly T[];
  names: Record<T, string>;
  chosen: T[];
  onChange: (next: T[]) => void;
  error?: string;
}) {
  return (
    <fieldset className={styles.group} aria-describedby={error ? `dish-${kind}-error` : undefined}>
      <legend>{legend}</legend>
      {all.map((name) => (
        <label key={name} className={styles.choice}>
          <input
            type="checkbox"
            name={`${kind}-${name}`}
            checked={chosen.includes(name)}
            onChange={(event) => onChange(toggled(chosen, all, name, event.target.checked))}
          />
          {names[name]}
        </label>
      ))}
      {error && (
        <p id={`dish-${kind}-error`} role="alert" className={formStyles.note}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function AllergenFields({ value, onChange, errors, words: w, allergenNames, dietNames }: Props) {
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{w.legend}</legend>
      <Choices
        legend={w.diets}
        kind="dietLabels"
        all={DIET_CODES}
        names={dietNames}
        chosen={value.dietLabels}
        onChange={(dietLabels) => onChange({ ...value, dietLabels })}
        error={errors.dietLabels}
      />
      <Choices
        legend={w.contains}
        kind="allergens"
        all={ALLERGENS}
        names={allergenNames}
        chosen={value.allergens}
        onChange={(allergens) => onChange({ ...value, allergens })}
        error={errors.allergens}
      />
      <Choices
        legend={w.mayContain}
        kind="mayContain"
        all={ALLERGENS}
        names={allergenNames}
        chosen={value.mayContain}
        onChange={(mayContain) => onChange({ ...value, mayContain })}
        error={errors.mayContain}
      />
      <TextAreaField
        label={w.note}
        hint={fill(w.noteHint, { max: MAY_CONTAIN_NOTE_MAX })}
        rows={2}
        maxLength={MAY_CONTAIN_NOTE_MAX}
        value={value.mayContainNote}
        onChange={(event) => onChange({ ...value, mayContainNote: event.target.value })}
        error={errors.mayContainNote}
      />
    </fieldset>
  );
}
