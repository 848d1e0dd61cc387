import { formatDate } from "@/lib/shared/time/format-date";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./passkey-removal-choice.module.css";

export type ListedPasskey = { name: string; createdAt: string; lastUsedAt: string | null };

/**
 * The account's passkeys with the choice to remove every one (docs/architecture/accounts-security.md):
 * a passkey signs in without the password, so a password reset and "Log out everywhere" offer to
 * take them too. Renders nothing for an account without passkeys.
 */
export function PasskeyRemovalChoice({
  passkeys,
  checked,
  onChange,
  words: w,
  locale,
}: {
  passkeys: ListedPasskey[];
  checked: boolean;
  onChange: (checked: boolean) => void;
  words: Words<"profile">["account"]["removal"];
  locale?: Locale;
}) {
  if (!passkeys.length) return null;
  return (
    <fieldset className={styles.choice}>
      <legend className={styles.legend}>{w.legend}</legend>
      <p className={styles.lead}>{w.lead}</p>
      <ul className={styles.list} aria-label={w.list}>
        {passkeys.map((key, index) => (
          <li key={`${key.name}-${index}`}>
            <strong>{key.name}</strong>{" "}
            <span className={styles.muted}>
              {fill(w.added, { date: formatDate(key.createdAt, undefined, locale) })} ·{" "}
              {key.lastUsedAt ? fill(w.lastUsed, { date: formatDate(key.lastUsedAt, undefined, locale) }) : w.neverUsed}
            </span>
          </li>
        ))}
      </ul>
      <label className={styles.check}>
        <input type="checkbox" name="removePasskeys" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {passkeys.length === 1 ? w.removeOne : fill(w.removeMany, { count: passkeys.length })}
      </label>
    </fieldset>
  );
}
