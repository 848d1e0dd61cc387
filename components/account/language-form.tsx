"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import styles from "./account.module.css";
import formStyles from "./form.module.css";
import { TitledSection } from "@/components/ui/titled-section";
import { useProfileField } from "./use-profile-field";

export type LanguageLabels = { title: string; label: string; hint: string; save: string; saving: string; saved: string };

/**
 * The /account card where a person chooses the language Nosh writes to them in (PUT
 * /api/users/{id} `language`: mail, push, and this browser's pages, docs/architecture/languages.md).
 * The page passes every word (`labels`, `choices`: each language in its own words) from the catalogue.
 */
export function LanguageForm({ labels, choices, current }: { labels: LanguageLabels; choices: readonly { code: string; name: string }[]; current: string }) {
  const { user } = useSession();
  const router = useRouter();
  const [value, setValue] = useState(user?.language ?? current);
  const saving = useProfileField((language: string) => ({ language }), { field: "language", saved: labels.saved, after: () => router.refresh() });
  const { error, pending } = saving;

  return (
    <TitledSection id="account-language" title={labels.title} className={styles.card} titleClassName={styles.sectionTitle}>
      <form className={formStyles.form} onSubmit={(event) => void saving.save(event, value)} noValidate>
        <SelectField
          label={labels.label}
          name="language"
          value={value}
          hint={labels.hint}
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            saving.reset();
          }}
        >
          {choices.map(({ code, name }) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <div className={formStyles.actions}>
          <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={pending || value === user?.language}>
            {pending ? labels.saving : labels.save}
          </button>
        </div>
      </form>
    </TitledSection>
  );
}
