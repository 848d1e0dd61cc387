import { formatDateTime } from "@/lib/shared/format-date";
import type { DeliveryMessageJson } from "@/lib/shared/delivery-messages";
import styles from "./message-thread.module.css";

/**
 * A thread between a customer and their courier, read only, for Nosh support beside a problem
 * report (docs/architecture/couriers.md "Messages"): collapsed, with how many messages it holds.
 */
export function MessageTranscript({ messages }: { messages: readonly DeliveryMessageJson[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <details className={styles.transcript}>
      <summary>Messages between the customer and the courier ({messages.length})</summary>
      <ol className={styles.list} aria-label="Messages between the customer and the courier">
        {messages.map((message) => (
          <li key={message.id} className={`${styles.message} ${message.sender === "customer" ? styles.theirs : styles.mine}`}>
            <span className={styles.who}>{message.sender === "customer" ? "Customer" : "Courier"}</span>
            <span className={styles.body}>{message.body}</span>
            <time className={styles.at} dateTime={message.at}>
              {formatDateTime(message.at)}
            </time>
          </li>
        ))}
      </ol>
    </details>
  );
}
