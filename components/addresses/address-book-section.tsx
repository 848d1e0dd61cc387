"use client";
import { lazy, Suspense } from "react";
import styles from "./address-book.module.css";

// The book's code (its list, its calls) loads after the page: /account's first-load JavaScript stays in its budget.
const AddressBook = lazy(() => import("./address-book").then((m) => ({ default: m.AddressBook })));

/** /account's "Saved addresses" card (components/addresses/address-book.tsx), loaded after the page shows. */
export function AddressBookSection({ tileUrl }: { tileUrl: string | null }) {
  return (
    <Suspense
      fallback={
        <section className={styles.card} aria-label="Saved addresses">
          <p className={styles.muted}>Loading your addresses…</p>
        </section>
      }
    >
      <AddressBook tileUrl={tileUrl} />
    </Suspense>
  );
}
