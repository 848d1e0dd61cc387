import { buttonClass } from "@/components/ui/button";
import { DeleteAccountButton } from "./delete-account-button";
import type { Words } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./account.module.css";
import danger from "./delete-account.module.css";

/**
 * The danger zone at the bottom of /account: closing the account, behind a confirming dialog.
 * Rendered on the server; only the button (and, once pressed, the dialog) is client code.
 */
export function DeleteAccount({ words: w, locale }: { words: Words<"profile">["account"]["delete"]; locale: Locale }) {
  return (
    <section className={`${styles.card} ${danger.danger}`} aria-labelledby="account-delete">
      <h2 id="account-delete" className={styles.sectionTitle}>
        {w.title}
      </h2>
      <p className={styles.muted}>{w.text}</p>
      <div>
        <DeleteAccountButton words={w} locale={locale} className={buttonClass({ variant: "secondary", className: danger.dangerButton })} />
      </div>
    </section>
  );
}
