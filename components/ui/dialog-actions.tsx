import type { ReactNode } from "react";
import { buttonClass } from "./button";
import styles from "./dialog-actions.module.css";

/** A dialog's end: why its action failed (an alert), the way back (`back`, closing it) and the action itself (`children`). */
export function DialogActions({ error, back, onBack, children }: { error: string | null; back: string; onBack: () => void; children?: ReactNode }) {
  return (
    <>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onBack}>
          {back}
        </button>
        {children}
      </div>
    </>
  );
}
