"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { addressLine, useAddressBook } from "./use-address-book";
import type { Words } from "@/lib/i18n/words";
import { labelIn } from "@/lib/shared/address-label";
import { fill } from "@/lib/shared/fill";
import styles from "./address-book.module.css";

/**
 * The top bar's choice among the saved addresses (in its address dialog): the one tapped becomes
 * the default, which the top bar, the restaurant pages' reach and checkout then use.
 */
export function SavedAddressChoices({ onChosen, words: w }: { onChosen: () => void; words: Words<"profile">["addressEditor"] }) {
  const { addresses, makeDefault } = useAddressBook();
  const { show } = useAlerts();
  const [busy, setBusy] = useState(false);
  if (!addresses || addresses.length < 2) return null;
  const choose = async (id: number, label: string) => {
    setBusy(true);
    try {
      await makeDefault(id);
      show(fill(w.delivering, { label }), "success");
      onChosen();
    } catch (failure) {
      show(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE, "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <p className={styles.legend} id="saved-addresses-title">
        {w.yours}
      </p>
      <ul className={styles.choices} aria-labelledby="saved-addresses-title">
        {addresses.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className={`${styles.choice} ${styles.choiceButton}`}
              aria-pressed={entry.isDefault}
              disabled={busy}
              onClick={() => (entry.isDefault ? onChosen() : choose(entry.id, labelIn(entry.label, w)))}
            >
              <span className={styles.choiceText}>
                <span className={styles.choiceLabel}>
                  {labelIn(entry.label, w)}
                  {entry.isDefault ? w.current : ""}
                </span>
                <span>{addressLine(entry)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
