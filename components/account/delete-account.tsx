import { buttonClass } from "@/components/ui/button";
import { DeleteAccountButton } from "./delete-account-button";
import styles from "./account.module.css";
import danger from "./delete-account.module.css";

/**
 * The danger zone at the bottom of /account: closing the account, behind a confirming dialog.
 * Rendered on the server; only the button (and, once pressed, the dialog) is client code.
 */
export function DeleteAccount() {
  return (
    <section className={`${styles.card} ${danger.danger}`} aria-labelledby="account-delete">
      <h2 id="account-delete" className={styles.sectionTitle}>
        Delete account
      </h2>
      <p className={styles.muted}>
        Your profile, picture, reviews and favourites are removed and you are signed out everywhere. Past orders stay in restaurants&apos; records without your name.
      </p>
      <div>
        <DeleteAccountButton className={buttonClass({ variant: "secondary", className: danger.dangerButton })} />
      </div>
    </section>
  );
}
