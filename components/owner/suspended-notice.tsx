import { getT } from "@/lib/i18n/translate";
import styles from "./suspended-notice.module.css";

/** On the owner's pages of a restaurant an operator suspended (docs/architecture/operator.md): why, and what it means. */
export async function SuspendedNotice({ reason }: { reason: string | null }) {
  const t = await getT("kitchen");
  return (
    <div className={`container ${styles.notice}`} role="status">
      <p className={styles.title}>{t("suspended.title")}</p>
      <p>{t("suspended.reason", { reason: reason ?? t("suspended.noReason") })}</p>
    </div>
  );
}
