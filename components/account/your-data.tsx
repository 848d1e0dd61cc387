import { buttonClass } from "@/components/ui/button";
import type { Words } from "@/lib/i18n/words";
import styles from "./account.module.css";

/** "Download my data": a plain link to the streamed JSON file (the browser saves it; no script). */
export function YourData({ userId, words: w }: { userId: number; words: Words<"profile">["account"]["data"] }) {
  return (
    <section className={styles.card} aria-labelledby="account-data">
      <h2 id="account-data" className={styles.sectionTitle}>
        {w.title}
      </h2>
      <p className={styles.muted}>{w.text}</p>
      <div>
        <a className={buttonClass({ variant: "secondary" })} href={`/api/users/${userId}/export`} download>
          {w.download}
        </a>
      </div>
    </section>
  );
}
