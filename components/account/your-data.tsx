import { buttonClass } from "@/components/ui/button";
import type { Words } from "@/lib/i18n/words";
import styles from "./account.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** "Download my data": a plain link to the streamed JSON file (the browser saves it; no script). */
export function YourData({ userId, words: w }: { userId: number; words: Words<"profile">["account"]["data"] }) {
  return (
    <TitledSection id="account-data" title={w.title} className={styles.card} titleClassName={styles.sectionTitle}>
      <p className={styles.muted}>{w.text}</p>
      <div>
        <a className={buttonClass({ variant: "secondary" })} href={`/api/users/${userId}/export`} download>
          {w.download}
        </a>
      </div>
    </TitledSection>
  );
}
