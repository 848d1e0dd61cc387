import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import type { Words } from "@/lib/i18n/words";
import styles from "./form.module.css";

type FormActionsProps = { label: string; pendingLabel?: string; pending: boolean; formError?: string; words: Words<"profile">["edit"] };

/** The end of every account form: a failure the fields cannot show, Save and Cancel. */
export function FormActions({ label, pendingLabel, pending, formError, words }: FormActionsProps) {
  return (
    <>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass()} disabled={pending} aria-disabled={pending}>
          {pending ? (pendingLabel ?? words.saving) : label}
        </button>
        <Link href="/account" className={buttonClass({ variant: "ghost" })}>
          {words.cancel}
        </Link>
      </div>
    </>
  );
}
