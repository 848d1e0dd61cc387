import { SignOutEverywhereButton } from "./sign-out-everywhere-button";
import styles from "./account.module.css";

/** The Security card of /account, rendered on the server: only its button is client code. */
export function SignOutEverywhere() {
  return (
    <section className={styles.card} aria-labelledby="account-security">
      <h2 id="account-security" className={styles.sectionTitle}>
        Security
      </h2>
      <p className={styles.muted}>Signed in on a device you no longer use? Log out everywhere, this device included.</p>
      <div>
        <SignOutEverywhereButton />
      </div>
    </section>
  );
}
