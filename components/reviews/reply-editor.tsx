"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { api, ApiClientError } from "@/lib/client/api";
import type { ReviewJson } from "@/lib/server/reviews/reviews";
import { REPLY_MESSAGES, REVIEW_REPLY_MAX } from "@/lib/validation/zod-free/reply-rules";
import { OwnerReply } from "./owner-reply";
import styles from "./owner-reply.module.css";

type ReplyEditorProps = {
  review: ReviewJson;
  onChanged: (review: ReviewJson) => void;
};

/**
 * The restaurant owner's reply to one review: write it (one per review), edit it,
 * remove it. Errors come back from the API beside the field.
 */
export function ReplyEditor({ review, onChanged }: ReplyEditorProps) {
  const { show } = useAlerts();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.text ?? "");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const url = `/api/reviews/${review.id}/reply`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(REPLY_MESSAGES.text);
    setPending(true);
    try {
      const { data } = await api<{ data: ReviewJson }>(url, { method: review.reply ? "PUT" : "POST", body: { text } });
      onChanged(data);
      setEditing(false);
      setError(undefined);
      show(review.reply ? "Reply updated" : "Reply posted", "success");
    } catch (failure) {
      setError(failure instanceof ApiClientError ? (failure.errors.text ?? failure.message) : REPLY_MESSAGES.failed);
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
      show("Reply removed", "success");
    } catch {
      show(REPLY_MESSAGES.failed, "error");
    } finally {
      setPending(false);
    }
  };

  if (editing) {
    return (
      <form className={styles.form} onSubmit={save} noValidate aria-busy={pending || undefined}>
        <TextAreaField
          label="Your public reply"
          hint="Shown under the review to everyone. One reply per review; you can edit it later."
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
            {pending ? "Saving…" : review.reply ? "Save reply" : "Post reply"}
          </button>
          <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  if (!review.reply) {
    return (
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing(true)}>
          Reply<span className="sr-only"> to {review.firstName || "this customer"}</span>
        </button>
      </div>
    );
  }
  return (
    <OwnerReply reply={review.reply} restaurantName={review.restaurantName}>
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing(true)}>
          Edit<span className="sr-only"> reply</span>
        </button>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={remove} disabled={pending}>
          Remove<span className="sr-only"> reply</span>
        </button>
      </div>
    </OwnerReply>
  );
}
