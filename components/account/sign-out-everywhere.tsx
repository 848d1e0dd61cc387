import { SignOutEverywhereButton, type SignOutEverywhereProps } from "./sign-out-everywhere-button";
import styles from "./account.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** The Security card of /account, rendered on the server: only its button is client code. */
export function SignOutEverywhere({ words: w, removal, locale }: SignOutEverywhereProps) {
  return (
    <TitledSection id="account-security" title={w.title} className={styles.card} titleClassName={styles.sectionTitle}>
      <p className={styles.muted}>{w.text}</p>
      <div>
        <SignOutEverywhereButton words={w} removal={removal} locale={locale} />
      </div>
    </TitledSection>
  );
}
