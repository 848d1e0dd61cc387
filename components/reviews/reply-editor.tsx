"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { api, ApiClientError } from "@/lib/client/api";
import type { ReviewJson } from "@/lib/server/reviews/reviews";
import { REVIEW_REPLY_MAX } from "@/lib/validation/zod-free/reply-rules";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import { OwnerReply } from "./owner-reply";
import styles from "./owner-reply.module.css";

type ReplyEditorProps = {
  review: ReviewJson;
  onChanged: (review: ReviewJson) => void;
  /** Its words (browse.reviews.reply) and the date's language, from the server. */
  words: Words<"browse">["reviews"]["reply"];
  locale: Locale;
};

/**
 * The restaurant owner's reply to one review: write it (one per review), edit it,
 * remove it. Errors come back from the API beside the field.
 */
export function ReplyEditor({ review, onChanged, words, locale }: ReplyEditorProps) {
  const { show } = useAlerts();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.text ?? "");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const url = `/api/reviews/${review.id}/reply`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(words.empty);
    setPending(true);
    try {
      const { data } = await api<{ data: ReviewJson }>(url, { method: review.reply ? "PUT" : "POST", body: { text } });
      onChanged(data);
      setEditing(false);
      setError(undefined);
      show(review.reply ? words.updated : words.posted, "success");
    } catch (failure) {
      setError(failure instanceof ApiClientError ? (failure.errors.text ?? failure.message) : words.failed);
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    setPending(true);
    try {
      await api(url, { method: "DELETE" });
      onChanged({ ...review, reply: null });
      setText("");
      show(words.removed, "success");
    } catch {
      show(words.failed, "error");
    } finally {
      setPending(false);
    }
  };

  if (editing) {
    return (
      <form className={styles.form} onSubmit={save} noValidate aria-busy={pending || undefined}>
        <TextAreaField
          label={words.label}
          hint={words.hint}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
          maxLength={REVIEW_REPLY_MAX}
          rows={3}
          autoFocus
          required
        />
        <div className={styles.actions}>
          <button type="submit" className={buttonClass({ size: "small" })} disabled={pending}>
            {pending ? words.saving : review.reply ? words.save : words.post}
          </button>
          <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setEditing(false)}>
            {words.cancel}
          </button>
        </div>
      </form>
    );
  }
  if (!review.reply) {
    return (
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing(true)}>
          {words.reply}
          <span className="sr-only">{fill(words.to, { name: review.firstName || words.thisCustomer })}</span>
        </button>
      </div>
    );
  }
  return (
    <OwnerReply reply={review.reply} restaurantName={review.restaurantName} words={words} locale={locale}>
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing(true)}>
          {words.edit}
          <span className="sr-only">{words.sr}</span>
        </button>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={remove} disabled={pending}>
          {words.remove}
          <span className="sr-only">{words.sr}</span>
        </button>
      </div>
    </OwnerReply>
  );
}
