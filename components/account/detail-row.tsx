import Link from "@/components/ui/link";
import { IconGlyph } from "@/components/ui/icons";
import { EmailText } from "./email-text";
import type { Words } from "@/lib/i18n/words";
import styles from "./account.module.css";

type DetailRowProps = {
  label: string;
  value: string | null;
  /** A stand-in that is not read aloud (the password's dots). */
  masked?: boolean;
  /** An email address: wraps at "@" and dots, not mid-word. */
  email?: boolean;
  /** The visible action word and its full accessible name ("Edit", "Edit phone number"). */
  action: { text: string; name: string } & ({ href: string } | { onClick: () => void });
  /** "Hidden" and "Not set" in the page's language. */
  words: Pick<Words<"profile">["account"], "hidden" | "notSet">;
};

/** One line of the profile: what is saved, and the way to change it (the whole row is the target). */
export function DetailRow({ label, value, masked = false, email = false, action, words }: DetailRowProps) {
  const content = (
    <>
      <span aria-hidden="true">{action.text}</span>
      <span className="sr-only">{action.name}</span>
      <IconGlyph name="chevronRight" size={18} />
    </>
  );
  return (
    <li className={styles.row}>
      <span className={styles.rowText}>
        <span className={styles.rowLabel}>{label}</span>
        {masked ? (
          <span className={styles.rowValue}>
            <span aria-hidden="true">{value}</span>
            <span className="sr-only">{words.hidden}</span>
          </span>
        ) : (
          <span className={value ? `${styles.rowValue} ${email ? styles.email : ""}` : styles.rowEmpty}>
            {value && email ? <EmailText email={value} /> : value || words.notSet}
          </span>
        )}
      </span>
      {"href" in action ? (
        <Link href={action.href} className={styles.rowAction}>
          {content}
        </Link>
      ) : (
        <button type="button" className={styles.rowAction} onClick={action.onClick} aria-haspopup="dialog">
          {content}
        </button>
      )}
    </li>
  );
}
