"use client";
import { useState, type ComponentProps, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { useApiActions } from "@/lib/client/use-api-actions";
import styles from "./team.module.css";

// The owner's list-and-create screens (API keys, webhooks, the team): a create form beside the
// list, a secret shown once after it is made, one status line, and each row's actions.

/**
 * The screen's calls (through `useApiActions`): `call(key, work)` marks `key` busy and clears the
 * status line; a refusal puts its field messages in `errors` (beside their fields) and its message
 * in the status line. `call` resolves to the answer, or `undefined` when it was refused.
 */
export function useResourceCalls() {
  const actions = useApiActions();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const call = <T,>(key: string, work: () => Promise<T>) => {
    setStatus(null);
    return actions.run(key, work, (failure) => {
      setErrors(failure.errors);
      setStatus(failure.message);
    });
  };
  return { call, busy: actions.busy, errors, setErrors, status, setStatus };
}

/** A secret the server shows once (a new API key, a webhook's signing secret), with Copy. */
export type RevealedSecret = {
  /** The region's name ("New API key"). */
  label: string;
  /** What it is for, and the line asking to copy it now. */
  title: string;
  note: string;
  value: string;
  testId: string;
  copyLabel: string;
};

type Props = {
  /** The create panel: its title's id, its title and its form. */
  formId: string;
  formTitle: string;
  form: ReactNode;
  /** The list: its title's id and title; `children` are its rows (or its empty state). */
  listId: string;
  listTitle: string;
  revealed?: RevealedSecret | null;
  status: string | null;
  children: ReactNode;
};

export function ResourceManager({ formId, formTitle, form, listId, listTitle, revealed, status, children }: Props) {
  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-labelledby={formId}>
        <h2 id={formId} className={styles.panelTitle}>
          {formTitle}
        </h2>
        {form}
      </section>
      <section aria-labelledby={listId}>
        {revealed && (
          <div className={styles.created} role="region" aria-label={revealed.label}>
            <p className={styles.name}>{revealed.title}</p>
            <p className={styles.meta}>{revealed.note}</p>
            <code className={styles.key} data-testid={revealed.testId}>
              {revealed.value}
            </code>
            <span className={styles.actions}>
              <CopyButton text={revealed.value} label={revealed.copyLabel} />
            </span>
          </div>
        )}
        <p className={styles.status} role="status">
          {status}
        </p>
        <h2 id={listId} className={styles.panelTitle}>
          {listTitle}
        </h2>
        {children}
      </section>
    </div>
  );
}

/** One row of the list: its name and details, its actions, and what opens under it. */
export function ResourceRow({ name, details, actions, below }: { name: ReactNode; details?: ReactNode; actions: ReactNode; below?: ReactNode }) {
  return (
    <li className={styles.row}>
      <span className={styles.who}>
        <span className={styles.name}>{name}</span>
        {details}
      </span>
      <span className={styles.actions}>{actions}</span>
      {below}
    </li>
  );
}

type RowButtonProps = Omit<ComponentProps<"button">, "type" | "className"> & {
  /** What it does ("Revoke"), and what on, for screen readers alone (" Ana"). */
  label: string;
  on: string;
  variant?: NonNullable<Parameters<typeof buttonClass>[0]>["variant"];
  small?: boolean;
};

/** A row's action: its word, and the row it acts on for screen readers. */
export function RowButton({ label, on, variant, small, ...rest }: RowButtonProps) {
  return (
    <button type="button" className={buttonClass({ variant, size: small ? "small" : undefined })} {...rest}>
      {label}
      <span className="sr-only">{on}</span>
    </button>
  );
}
