"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { ReviewJson } from "@/lib/server/reviews/reviews";
import { REVIEW_REPLY_MAX } from "@/lib/contract/zod-free/reply-rules";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
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
  const [empty, setEmpty] = useState<string | undefined>();
  const url = `/api/reviews/${review.id}/reply`;
  const saving = useApiAction((body: { text: string }) => api<{ data: ReviewJson }>(url, { method: review.reply ? "PUT" : "POST", body }), {
    onSuccess: ({ data }) => {
      onChanged(data);
      setEditing(false);
      show(review.reply ? words.updated : words.posted, "success");
    },
    fallback: words.failed,
  });
  const removing = useApiAction(() => api(url, { method: "DELETE" }), {
    onSuccess: () => {
      onChanged({ ...review, reply: null });
      setText("");
      show(words.removed, "success");
    },
    onError: () => show(words.failed, "error"),
  });
  const pending = saving.busy || removing.busy;
  const error = empty ?? (saving.failure ? (saving.errors.text ?? saving.message) : undefined);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      saving.reset();
      return setEmpty(words.empty);
    }
    setEmpty(undefined);
    await saving.run({ text });
  };

  const remove = () => void removing.run();

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
