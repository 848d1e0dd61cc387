import { formatDate } from "@/lib/shared/time/format-date";
import type { ReviewReplyJson } from "@/lib/contract/reviews/schemas";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./owner-reply.module.css";

type OwnerReplyProps = {
  reply: ReviewReplyJson;
  restaurantName: string;
  children?: React.ReactNode;
  /** Its words (browse.reviews.reply) and the date's language, from the server. */
  words: Words<"browse">["reviews"]["reply"];
  locale: Locale;
};

/** The restaurant's public reply under a review; its owner's controls as children. */
export function OwnerReply({ reply, restaurantName, children, words, locale }: OwnerReplyProps) {
  return (
    <div className={styles.reply} data-testid="owner-reply">
      <p className={styles.head}>
        {fill(words.from, { name: restaurantName })}{" "}
        <span className={styles.date}>
          · <time dateTime={reply.updatedAt}>{formatDate(reply.updatedAt, undefined, locale)}</time>
        </span>
      </p>
      <p className={styles.text}>{reply.text}</p>
      {reply.hidden && (
        <p className={styles.hidden} role="note">
          {fill(words.hidden, { reason: reply.hidden.reason })}
        </p>
      )}
      {children}
    </div>
  );
}
