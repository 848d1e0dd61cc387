import { buttonClass } from "@/components/ui/button";
import styles from "./account.module.css";

/** "Download my data": a plain link to the streamed JSON file (the browser saves it; no script). */
export function YourData({ userId }: { userId: number }) {
  return (
    <section className={styles.card} aria-labelledby="account-data">
      <h2 id="account-data" className={styles.sectionTitle}>
        Your data
      </h2>
      <p className={styles.muted}>One JSON file with your profile, every order with its items, your reviews, favourites and wallet statement.</p>
      <div>
        <a className={buttonClass({ variant: "secondary" })} href={`/api/users/${userId}/export`} download>
          Download my data
        </a>
      </div>
    </section>
  );
}
