"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { api, ApiClientError } from "@/lib/client/api";
import type { ReviewJson } from "@/lib/server/reviews/reviews";
import styles from "./review-card.module.css";
import type { Words } from "@/lib/i18n/words";

type DeleteReviewDialogProps = {
  /** The review to confirm, or null when closed. */
  review: ReviewJson | null;
  onClose: () => void;
  onDeleted: (review: ReviewJson) => void;
  /** Its words (browse.reviews.remove), from the server. */
  words: Words<"browse">["reviews"]["remove"];
};

/** "Delete this review?": the one step between a click and losing the review for good. */
export function DeleteReviewDialog({ review, onClose, onDeleted, words }: DeleteReviewDialogProps) {
  const [pending, setPending] = useState(false);
  const { show } = useAlerts();

  const confirm = async () => {
    if (!review || pending) return;
    setPending(true);
    try {
      await api(`/api/reviews/${review.id}`, { method: "DELETE" });
      onDeleted(review);
      show(words.deleted, "success");
    } catch (error) {
      // Already gone (deleted in another tab): the list catches up instead of complaining.
      if (error instanceof ApiClientError && error.status === 404) onDeleted(review);
      else show(words.error, "error");
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={review !== null} onClose={onClose} title={words.title}>
      {review && (
        <div className={styles.confirm}>
          <p>
            {words.before}
            <strong>{review.restaurantName}</strong>
            {words.after}
          </p>
          <div className={styles.confirmActions}>
            <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onClose} disabled={pending}>
              {words.keep}
            </button>
            <button type="button" className={buttonClass({ className: styles.dangerSolid })} onClick={confirm} aria-disabled={pending || undefined}>
              {pending ? words.deleting : words.delete}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
