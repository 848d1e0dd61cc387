"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
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
  const { show } = useAlerts();
  const deleting = useApiAction((gone: ReviewJson) => api(`/api/reviews/${gone.id}`, { method: "DELETE" }).then(() => gone), {
    onSuccess: (gone) => {
      onDeleted(gone);
      show(words.deleted, "success");
    },
    // Already gone (deleted in another tab): the list catches up instead of complaining.
    onError: (failure) => (failure.status === 404 && review ? onDeleted(review) : show(words.error, "error")),
  });
  const pending = deleting.busy;

  const confirm = () => {
    if (!review || pending) return;
    void deleting.run(review);
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
