import { SignOutEverywhereButton, type SignOutEverywhereProps } from "./sign-out-everywhere-button";
import styles from "./account.module.css";

/** The Security card of /account, rendered on the server: only its button is client code. */
export function SignOutEverywhere({ words: w, removal, locale }: SignOutEverywhereProps) {
  return (
    <section className={styles.card} aria-labelledby="account-security">
      <h2 id="account-security" className={styles.sectionTitle}>
        {w.title}
      </h2>
      <p className={styles.muted}>{w.text}</p>
      <div>
        <SignOutEverywhereButton words={w} removal={removal} locale={locale} />
      </div>
    </section>
  );
}
