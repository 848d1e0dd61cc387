"use client";
import { TextAreaField } from "@/components/ui/text-area-field";
import { ALLERGEN_NAMES, ALLERGENS, DIET_LABEL_NAMES, DIET_LABELS, MAY_CONTAIN_NOTE_MAX, type Allergen, type DietLabel } from "@/lib/shared/allergens";
import formStyles from "./owner-form.module.css";
import styles from "@/components/menu/menu-filter.module.css";

// The dish form's "Allergens and diet" section (docs/architecture/allergens.md): the EU's 14
// allergens it contains, those it may contain, its diet labels and the free "may contain" note.

export type DishAllergenDraft = { allergens: Allergen[]; mayContain: Allergen[]; mayContainNote: string; dietLabels: DietLabel[] };

type Props = { value: DishAllergenDraft; onChange: (next: DishAllergenDraft) => void; errors: Record<string, string> };

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

export function AllergenFields({ value, onChange, errors }: Props) {
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>Allergens and diet</legend>
      <Choices
        legend="Diet labels"
        kind="dietLabels"
        all={DIET_LABELS}
        names={DIET_LABEL_NAMES}
        chosen={value.dietLabels}
        onChange={(dietLabels) => onChange({ ...value, dietLabels })}
        error={errors.dietLabels}
      />
      <Choices
        legend="Contains"
        kind="allergens"
        all={ALLERGENS}
        names={ALLERGEN_NAMES}
        chosen={value.allergens}
        onChange={(allergens) => onChange({ ...value, allergens })}
        error={errors.allergens}
      />
      <Choices
        legend="May contain (traces)"
        kind="mayContain"
        all={ALLERGENS}
        names={ALLERGEN_NAMES}
        chosen={value.mayContain}
        onChange={(mayContain) => onChange({ ...value, mayContain })}
        error={errors.mayContain}
      />
      <TextAreaField
        label="May contain note"
        hint={`Optional, up to ${MAY_CONTAIN_NOTE_MAX} characters: "Made in a kitchen that uses nuts."`}
        rows={2}
        maxLength={MAY_CONTAIN_NOTE_MAX}
        value={value.mayContainNote}
        onChange={(event) => onChange({ ...value, mayContainNote: event.target.value })}
        error={errors.mayContainNote}
      />
    </fieldset>
  );
}
