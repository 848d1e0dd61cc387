"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { api, ApiClientError } from "@/lib/client/api";
import type { ReviewJson } from "@/lib/server/reviews/reviews";
import { REVIEW_MESSAGES } from "@/lib/validation/zod-free/review-messages";
import styles from "./review-card.module.css";
import { REVIEW_DELETED } from "@/lib/shared/messages";

type DeleteReviewDialogProps = {
  /** The review to confirm, or null when closed. */
  review: ReviewJson | null;
  onClose: () => void;
  onDeleted: (review: ReviewJson) => void;
};

/** "Delete this review?": the one step between a click and losing the review for good. */
export function DeleteReviewDialog({ review, onClose, onDeleted }: DeleteReviewDialogProps) {
  const [pending, setPending] = useState(false);
  const { show } = useAlerts();

  const confirm = async () => {
    if (!review || pending) return;
    setPending(true);
    try {
      await api(`/api/reviews/${review.id}`, { method: "DELETE" });
      onDeleted(review);
      show(REVIEW_DELETED, "success");
    } catch (error) {
      // Already gone (deleted in another tab): the list catches up instead of complaining.
      if (error instanceof ApiClientError && error.status === 404) onDeleted(review);
      else show(REVIEW_MESSAGES.error, "error");
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={review !== null} onClose={onClose} title="Delete this review?">
      {review && (
        <div className={styles.confirm}>
          <p>
            Your review of <strong>{review.restaurantName}</strong> and both of its ratings will be removed. This cannot be undone.
          </p>
          <div className={styles.confirmActions}>
            <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onClose} disabled={pending}>
              Keep review
            </button>
            <button type="button" className={buttonClass({ className: styles.dangerSolid })} onClick={confirm} aria-disabled={pending || undefined}>
              {pending ? "Deleting…" : "Delete"}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
