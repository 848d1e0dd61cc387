"use client";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import styles from "./account.module.css";

// The dialog (and its form) loads when the button is pressed, not with the page.
const DeleteAccountDialog = lazy(() => import("./delete-account-dialog").then((m) => ({ default: m.DeleteAccountDialog })));

/** The danger zone at the bottom of /account: closing the account, behind a confirming dialog. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="account-delete">
      <h2 id="account-delete" className={styles.sectionTitle}>
        Delete account
      </h2>
      <p className={styles.muted}>
        Your profile, picture, reviews and favourites are removed and you are signed out everywhere. Past orders stay in restaurants&apos; records without your name.
      </p>
      <div>
        <button type="button" className={buttonClass({ variant: "secondary", className: styles.dangerButton })} onClick={() => setOpen(true)}>
          Delete my account
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
