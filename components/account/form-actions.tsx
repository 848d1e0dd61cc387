import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import styles from "./form.module.css";

type FormActionsProps = { label: string; pendingLabel?: string; pending: boolean; formError?: string };

/** The end of every account form: a failure the fields cannot show, Save and Cancel. */
export function FormActions({ label, pendingLabel = "Saving…", pending, formError }: FormActionsProps) {
  return (
    <>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass()} disabled={pending} aria-disabled={pending}>
          {pending ? pendingLabel : label}
        </button>
        <Link href="/account" className={buttonClass({ variant: "ghost" })}>
          Cancel
        </Link>
      </div>
    </>
  );
}
