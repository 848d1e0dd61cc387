"use client";
import { useId } from "react";
import { IconGlyph } from "@/components/ui/icons";
import type { OrderJson } from "@/lib/server/orders/to-json";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./checkout.module.css";

// The customer's saved allergies at checkout (docs/architecture/allergens.md "At checkout"): the
// lines whose dish contains one are named, and Place order waits for an explicit "order them
// anyway", as the menu's and the cart's warnings only told.

/** Each chargeable line whose allergens (as its chosen options leave them) include one of `avoid`: its name and those allergens. */
export function allergyConflicts(order: Pick<OrderJson, "orderItems">, avoid: readonly string[]): { name: string; allergens: string[] }[] {
  if (!avoid.length) return [];
  return order.orderItems
    .filter((line) => !line.unavailable)
    .map((line) => ({ name: line.name, allergens: line.allergens.filter((name) => avoid.includes(name)) }))
    .filter((line) => line.allergens.length > 0);
}

/** Its words (the catalogue's orderflow.checkout.allergy); `confirmReason` is why Place order waits while the conflicts are not confirmed (above the button). */
export type AllergyWords = Words<"orderflow">["checkout"]["allergy"];

export function AllergyCheck({
  conflicts,
  confirmed,
  onConfirm,
  words: w,
  names,
}: {
  conflicts: { name: string; allergens: string[] }[];
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  words: AllergyWords;
  /** The allergens' names in the page's language (the catalogue's allergens.short). */
  names: Readonly<Record<string, string>>;
}) {
  const heading = useId();
  if (!conflicts.length) return null;
  return (
    <section aria-labelledby={heading} className={`${styles.notice} ${styles.alert}`} data-testid="allergy-check">
      <IconGlyph name="info" />
      <div>
        <h2 id={heading} className={styles.allergyHeading}>
          {w.heading}
        </h2>
        <ul className={styles.changeList}>
          {conflicts.map((line, index) => (
            <li key={`${line.name}-${index}`}>
              <strong>{line.name}</strong>: {fill(w.contains, { list: line.allergens.map((name) => names[name] ?? name.replace("-", " ")).join(", ") })}
            </li>
          ))}
        </ul>
        <p className={styles.allergyNote}>{w.note}</p>
        <label className={styles.allergyConfirm}>
          <input type="checkbox" checked={confirmed} onChange={(event) => onConfirm(event.target.checked)} />
          {w.confirm}
        </label>
      </div>
    </section>
  );
}
