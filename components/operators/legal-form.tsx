"use client";
import { useId } from "react";
import { api } from "@/lib/client/api";
import { useOperatorForm } from "./use-operator-form";
import { invalid, OperatorField, OperatorForm } from "./operator-form";
import type { LegalKind } from "@/lib/shared/people/legal";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

type Translation = { language: string; name: string; version: number };
type Props = { kind: LegalKind; name: string; title: string; body: string; translation?: Translation; words: Words<"admin">["legal"]["form"] };

/**
 * Publishes the next version of a legal document, or with `translation` saves the version's text in
 * another language (POST /api/admin/legal): each field's refusal beside it, then the page refreshed.
 */
export function LegalForm({ kind, name, title, body, translation, words }: Props) {
  const id = useId();
  const form = useOperatorForm((body: Record<string, unknown>) => api<{ version: number }>("/api/admin/legal", { method: "POST", body }), {
    done: (published) =>
      translation
        ? fill(words.translated, { language: translation.name, version: published.version, name })
        : fill(words.published, { version: published.version, name }),
  });

  const { errors } = form;
  const submit = async (data: FormData) => {
    const text = (field: string) => String(data.get(field) ?? "");
    await form.submit({
      kind,
      title: text("title"),
      body: text("body"),
      reason: text("reason").trim() || undefined,
      ...(translation && { language: translation.language, version: translation.version }),
    });
  };

  return (
    <OperatorForm
      id={id}
      label={translation ? fill(words.translateLabel, { language: translation.name, name }) : fill(words.label, { name })}
      title={translation ? fill(words.translateTitle, { version: translation.version }) : words.title}
      action={submit}
      why={translation ? words.translateWhy : words.why}
      form={form}
      button={translation ? [words.saveTranslation, words.saving] : [words.publish, words.publishing]}
    >
      <OperatorField id={id} name="title" label={words.titleField} errors={errors}>
        <input id={`${id}-title`} name="title" maxLength={120} required defaultValue={title} lang={translation?.language} {...invalid(id, "title", errors)} />
      </OperatorField>
      <OperatorField id={id} name="body" label={words.body} errors={errors}>
        <textarea id={`${id}-body`} name="body" rows={18} required defaultValue={body} lang={translation?.language} {...invalid(id, "body", errors)} />
      </OperatorField>
    </OperatorForm>
  );
}
