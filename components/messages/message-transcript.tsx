import { formatDateTime } from "@/lib/shared/time/format-date";
import type { DeliveryMessageJson } from "@/lib/shared/delivery/delivery-messages";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./message-thread.module.css";

/**
 * A thread between a customer and their courier, read only, for Nosh support beside a problem
 * report (docs/architecture/stops-and-messages.md "Messages"): collapsed, with how many messages it holds.
 */
export function MessageTranscript({
  messages,
  words: w,
  locale,
}: {
  messages: readonly DeliveryMessageJson[] | undefined;
  /** Its words (the catalogue's courier.transcript) and the times' language, from the page. */
  words: Words<"courier">["transcript"];
  locale: Locale;
}) {
  if (!messages?.length) return null;
  return (
    <details className={styles.transcript}>
      <summary>{fill(w.summary, { count: messages.length })}</summary>
      <ol className={styles.list} aria-label={w.list}>
        {messages.map((message) => (
          <li key={message.id} className={`${styles.message} ${message.sender === "customer" ? styles.theirs : styles.mine}`}>
            <span className={styles.who}>{message.sender === "customer" ? w.customer : w.courier}</span>
            <span className={styles.body}>{message.body}</span>
            <time className={styles.at} dateTime={message.at}>
              {formatDateTime(message.at, undefined, locale)}
            </time>
          </li>
        ))}
      </ol>
    </details>
  );
}
