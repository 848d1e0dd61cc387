"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useApiAction } from "@/lib/client/use-api-action";
import { addressLine, useAddressBook } from "./use-address-book";
import type { Words } from "@/lib/i18n/words";
import { labelIn } from "@/lib/shared/people/address-label";
import { fill } from "@/lib/shared/words/fill";
import styles from "./address-book.module.css";

/**
 * The top bar's choice among the saved addresses (in its address dialog): the one tapped becomes
 * the default, which the top bar, the restaurant pages' reach and checkout then use.
 */
export function SavedAddressChoices({ onChosen, words: w }: { onChosen: () => void; words: Words<"profile">["addressEditor"] }) {
  const { addresses, makeDefault } = useAddressBook();
  const { show } = useAlerts();
  const choosing = useApiAction((id: number, label: string) => makeDefault(id).then(() => label), {
    onSuccess: (label) => {
      show(fill(w.delivering, { label }), "success");
      onChosen();
    },
    onError: (failure) => show(failure.message, "error"),
  });
  const busy = choosing.busy;
  if (!addresses || addresses.length < 2) return null;
  const choose = (id: number, label: string) => choosing.run(id, label);
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
