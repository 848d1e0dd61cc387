"use client";
import { useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import type { Allergen } from "@/lib/shared/menu/allergens";
import choiceStyles from "@/components/menu/menu-filter.module.css";
import type { Words } from "@/lib/i18n/words";
import styles from "./account.module.css";
import formStyles from "./form.module.css";
import { TitledSection } from "@/components/ui/titled-section";
import { useProfileField } from "./use-profile-field";

/**
 * The /account card where a customer saves the allergens they avoid (PUT /api/users/{id}
 * `avoidAllergens`); every menu, dish page and the cart then mark the dishes with one
 * (docs/architecture/allergens.md). The page passes the names (`choices`), so they stay out of
 * its script.
 */
export function AllergiesForm({ choices, words: w }: { choices: readonly { name: Allergen; label: string }[]; words: Words<"profile">["account"]["allergies"] }) {
  const all = choices.map((choice) => choice.name);
  const { user } = useSession();
  const saved = user?.avoidAllergens ?? [];
  const [chosen, setChosen] = useState<Allergen[] | null>(null);
  const value = chosen ?? saved;
  const changed = value.length !== saved.length || value.some((name) => !saved.includes(name));
  const saving = useProfileField((avoidAllergens: Allergen[]) => ({ avoidAllergens }), { field: "avoidAllergens", saved: w.saved, after: () => setChosen(null) });
  const { error, pending } = saving;

  return (
    <TitledSection id="account-allergies" title={w.title} className={styles.card} titleClassName={styles.sectionTitle}>
      <form className={formStyles.form} onSubmit={(event) => void saving.save(event, value)} noValidate>
        <fieldset className={choiceStyles.group} aria-describedby={error ? "account-allergies-error" : "account-allergies-hint"}>
          <legend>{w.legend}</legend>
          {choices.map(({ name, label }) => (
            <label key={name} className={choiceStyles.choice}>
              <input
                type="checkbox"
                name="avoidAllergens"
                value={name}
                checked={value.includes(name)}
                onChange={(event) => {
                  setChosen(all.filter((n) => (n === name ? event.target.checked : value.includes(n))));
                  saving.reset();
                }}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <p id="account-allergies-hint" className={styles.muted}>
          {w.hint}
        </p>
        {error && (
          <p id="account-allergies-error" role="alert">
            {error}
          </p>
        )}
        <div className={formStyles.actions}>
          <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={pending || !changed}>
            {pending ? w.saving : w.save}
          </button>
        </div>
      </form>
    </TitledSection>
  );
}
