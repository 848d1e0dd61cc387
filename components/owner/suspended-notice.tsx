import styles from "./suspended-notice.module.css";

/** On the owner's pages of a restaurant an operator suspended (docs/architecture/operator.md): why, and what it means. */
export function SuspendedNotice({ reason }: { reason: string | null }) {
  return (
    <div className={`container ${styles.notice}`} role="status">
      <p className={styles.title}>This restaurant is suspended by Nosh</p>
      <p>
        Reason: {reason ?? "none given"}. It is hidden from customers and takes no new orders; orders already placed go on as usual. Contact Nosh to have it restored.
      </p>
    </div>
  );
}
