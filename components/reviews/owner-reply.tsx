import { formatDate } from "@/lib/shared/format-date";
import type { ReviewReplyJson } from "@/lib/contract/review-schemas";
import styles from "./owner-reply.module.css";

type OwnerReplyProps = {
  reply: ReviewReplyJson;
  restaurantName: string;
  children?: React.ReactNode;
};

/** The restaurant's public reply under a review; its owner's controls as children. */
export function OwnerReply({ reply, restaurantName, children }: OwnerReplyProps) {
  return (
    <div className={styles.reply} data-testid="owner-reply">
      <p className={styles.head}>
        Reply from {restaurantName}{" "}
        <span className={styles.date}>
          · <time dateTime={reply.updatedAt}>{formatDate(reply.updatedAt)}</time>
        </span>
      </p>
      <p className={styles.text}>{reply.text}</p>
      {reply.hidden && (
        <p className={styles.hidden} role="note">
          Hidden by Nosh: {reply.hidden.reason}. Only you can see it.
        </p>
      )}
      {children}
    </div>
  );
}
