"use client";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useOperatorForm } from "./use-operator-form";
import type { LegalKind } from "@/lib/shared/legal";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./operators.module.css";

type Translation = { language: string; name: string; version: number };
type Props = { kind: LegalKind; name: string; title: string; body: string; translation?: Translation; words: Words<"admin">["legal"]["form"] };

/**
 * Publishes the next version of a legal document, or with `translation` saves the version's text in
 * another language (POST /api/admin/legal): each field's refusal beside it, then the page refreshed.
 */
export function LegalForm({ kind, name, title, body, translation, words }: Props) {
  const id = useId();
  const {
    busy,
    errors,
    message,
    submit: send,
  } = useOperatorForm((body: Record<string, unknown>) => api<{ version: number }>("/api/admin/legal", { method: "POST", body }), {
    done: (published) =>
      translation
        ? fill(words.translated, { language: translation.name, version: published.version, name })
        : fill(words.published, { version: published.version, name }),
  });

  const submit = async (form: FormData) => {
    const text = (field: string) => String(form.get(field) ?? "");
    await send({
      kind,
      title: text("title"),
      body: text("body"),
      reason: text("reason").trim() || undefined,
      ...(translation && { language: translation.language, version: translation.version }),
    });
  };

  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {});
  const error = (field: string) =>
    errors[field] && (
      <span className={styles.error} id={`${id}-${field}-error`}>
        {errors[field]}
      </span>
    );

  return (
    <form
      className={`${styles.card} ${styles.form}`}
      action={submit}
      aria-label={translation ? fill(words.translateLabel, { language: translation.name, name }) : fill(words.label, { name })}
      noValidate
    >
      <h2 className={styles.formTitle}>{translation ? fill(words.translateTitle, { version: translation.version }) : words.title}</h2>
      <label htmlFor={`${id}-title`}>
        {words.titleField}
        <input id={`${id}-title`} name="title" maxLength={120} required defaultValue={title} lang={translation?.language} {...invalid("title")} />
        {error("title")}
      </label>
      <label htmlFor={`${id}-body`}>
        {words.body}
        <textarea id={`${id}-body`} name="body" rows={18} required defaultValue={body} lang={translation?.language} {...invalid("body")} />
        {error("body")}
      </label>
      <label htmlFor={`${id}-reason`}>
        {translation ? words.translateWhy : words.why}
        <input id={`${id}-reason`} name="reason" maxLength={500} />
      </label>
      {message && (
        <p className={message.error ? styles.error : styles.meta} role="status">
          {message.text}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {translation ? (busy ? words.saving : words.saveTranslation) : busy ? words.publishing : words.publish}
        </button>
      </div>
    </form>
  );
}
