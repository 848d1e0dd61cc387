import { formatDate } from "@/lib/shared/format-date";
import styles from "./passkey-removal-choice.module.css";

export type ListedPasskey = { name: string; createdAt: string; lastUsedAt: string | null };

/**
 * The account's passkeys with the choice to remove every one (docs/architecture/accounts-security.md):
 * a passkey signs in without the password, so a password reset and "Log out everywhere" offer to
 * take them too. Renders nothing for an account without passkeys.
 */
export function PasskeyRemovalChoice({ passkeys, checked, onChange }: { passkeys: ListedPasskey[]; checked: boolean; onChange: (checked: boolean) => void }) {
  if (!passkeys.length) return null;
  const count = passkeys.length === 1 ? "this passkey" : `these ${passkeys.length} passkeys`;
  return (
    <fieldset className={styles.choice}>
      <legend className={styles.legend}>Your passkeys</legend>
      <p className={styles.lead}>A passkey signs in without your password. If you did not add one of these yourself, remove them.</p>
      <ul className={styles.list} aria-label="Passkeys of your account">
        {passkeys.map((key, index) => (
          <li key={`${key.name}-${index}`}>
            <strong>{key.name}</strong>{" "}
            <span className={styles.muted}>
              added {formatDate(key.createdAt)} · {key.lastUsedAt ? `last used ${formatDate(key.lastUsedAt)}` : "never used"}
            </span>
          </li>
        ))}
      </ul>
      <label className={styles.check}>
        <input type="checkbox" name="removePasskeys" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        Also remove {count}
      </label>
    </fieldset>
  );
}
