"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { UserJson } from "@/lib/server/accounts/users";
import styles from "./account.module.css";
import formStyles from "./form.module.css";
import { TitledSection } from "@/components/ui/titled-section";

export type LanguageLabels = { title: string; label: string; hint: string; save: string; saving: string; saved: string };

/**
 * The /account card where a person chooses the language Nosh writes to them in (PUT
 * /api/users/{id} `language`: mail, push, and this browser's pages, docs/architecture/languages.md).
 * The page passes every word (`labels`, `choices`: each language in its own words) from the catalogue.
 */
export function LanguageForm({ labels, choices, current }: { labels: LanguageLabels; choices: readonly { code: string; name: string }[]; current: string }) {
  const { user, setUser } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  const [value, setValue] = useState(user?.language ?? current);
  const saving = useApiAction((id: number, language: string) => api<UserJson>(`/api/users/${id}`, { method: "PUT", body: { language } }), {
    onSuccess: (updated) => {
      setUser(updated);
      show(labels.saved, "success");
      router.refresh();
    },
  });
  const error = saving.failure ? (saving.errors.language ?? saving.message) : undefined;
  const pending = saving.busy;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    await saving.run(user.id, value);
  }

  return (
    <TitledSection id="account-language" title={labels.title} className={styles.card} titleClassName={styles.sectionTitle}>
      <form className={formStyles.form} onSubmit={save} noValidate>
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
