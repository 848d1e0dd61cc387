"use client";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { failureText } from "../use-live-form";
import styles from "../owner-form.module.css";

/** A word to translate: its row's id, the original (shown as the field's hint) and its current translation. */
export type Word = { id: number; original: string; word: string };
export type DishWords = { id: number; name: Word; description: Word; groups: (Word & { options: Word[] })[] };

type Props = { restaurantId: number; language: string; languageName: string; sections: Word[]; dishes: DishWords[]; words: Words<"menus">["translations"] };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * The owner's menu in one other language (docs/architecture/languages.md "Menus in several
 * languages"): a field for every section, dish name and description, option group and option,
 * the original under each; an empty field shows customers the original. One save sends every
 * field to PUT /api/manage/{id}/translations, which changes only the rows whose words changed.
 */
export function MenuTranslationsForm({ restaurantId, language, languageName, sections, dishes, words: w }: Props) {
  const alerts = useAlerts();
  // A refusal's field errors stay until a save goes through.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useApiAction((body: Record<string, unknown>) => api(`/api/manage/${restaurantId}/translations`, { method: "PUT", body }), {
    onSuccess: () => {
      setErrors({});
      alerts.show(fill(w.saved, { language: languageName }), "success");
    },
    onError: (failure) => {
      if (failure.status === 400) setErrors(failure.errors);
      alerts.show(failureText(failure, w.failed), "error");
    },
  });
  const busy = save.busy;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      language,
      sections: sections.map((section) => ({ id: section.id, name: text(form, `section.${section.id}`) })),
      dishes: dishes.map((dish) => ({
        id: dish.id,
        name: text(form, `dish.${dish.id}.name`),
        description: text(form, `dish.${dish.id}.description`),
        optionGroups: dish.groups.map((group) => ({ id: group.id, name: text(form, `group.${group.id}`) })),
        options: dish.groups.flatMap((group) => group.options.map((option) => ({ id: option.id, name: text(form, `option.${option.id}`) }))),
      })),
    };
    await save.run(body);
  };

  const field = (name: string, label: string, word: Word, errorKey: string) => (
    <TextField key={name} name={name} label={label} defaultValue={word.word} hint={fill(w.original, { word: word.original })} error={errors[errorKey]} lang={language} />
  );

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} lang={language}>
      {sections.length > 0 && (
        <fieldset className={styles.section}>
          <legend className={styles.legend}>{w.sections}</legend>
          {sections.map((section, i) => field(`section.${section.id}`, fill(w.section, { name: section.original }), section, `sections.${i}.name`))}
        </fieldset>
      )}
      {dishes.map((dish, i) => (
        <fieldset key={dish.id} className={styles.section}>
          <legend className={styles.legend}>{dish.name.original}</legend>
          {field(`dish.${dish.id}.name`, w.name, dish.name, `dishes.${i}.name`)}
          <TextAreaField
            name={`dish.${dish.id}.description`}
            label={w.description}
            defaultValue={dish.description.word}
            hint={fill(w.original, { word: dish.description.original })}
            error={errors[`dishes.${i}.description`]}
            lang={language}
            rows={3}
          />
          {dish.groups.map((group, g) => {
            // The options' places in the body's flat list (submit), for their refusals' fields.
            const before = dish.groups.slice(0, g).reduce((count, other) => count + other.options.length, 0);
            return (
              <div key={group.id} className={styles.row}>
                {field(`group.${group.id}`, fill(w.group, { name: group.original }), group, `dishes.${i}.optionGroups.${g}.name`)}
                {group.options.map((option, o) =>
                  field(`option.${option.id}`, fill(w.option, { name: option.original }), option, `dishes.${i}.options.${before + o}.name`),
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? w.saving : fill(w.save, { language: languageName })}
        </button>
      </div>
    </form>
  );
}
