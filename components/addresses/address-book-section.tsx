"use client";
import { lazy, Suspense } from "react";
import type { AddressBookWords } from "@/components/addresses/address-form";
import styles from "./address-book.module.css";

// The book's code (its list, its calls) loads after the page: /account's first-load JavaScript stays in its budget.
const AddressBook = lazy(() => import("./address-book").then((m) => ({ default: m.AddressBook })));

/** /account's "Saved addresses" card (components/addresses/address-book.tsx), loaded after the page shows. */
export function AddressBookSection({ tileUrl, words: w }: { tileUrl: string | null; words: AddressBookWords }) {
  return (
    <Suspense
      fallback={
        <section className={styles.card} aria-label={w.title}>
          <p className={styles.muted}>{w.loading}</p>
        </section>
      }
    >
      <AddressBook tileUrl={tileUrl} words={w} />
    </Suspense>
  );
}
