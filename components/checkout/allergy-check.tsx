"use client";
import { useId } from "react";
import { IconGlyph } from "@/components/ui/icons";
import { allergenText } from "@/components/menu/dish-labels";
import type { OrderJson } from "@/lib/server/orders/to-json";
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

/** Why Place order waits while the conflicts are not confirmed (above the button). */
export const ALLERGY_CONFIRM_REASON = "Confirm the dishes on your allergy list above to place the order.";

export function AllergyCheck({
  conflicts,
  confirmed,
  onConfirm,
}: {
  conflicts: { name: string; allergens: string[] }[];
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  const heading = useId();
  if (!conflicts.length) return null;
  return (
    <section aria-labelledby={heading} className={`${styles.notice} ${styles.alert}`} data-testid="allergy-check">
      <IconGlyph name="info" />
      <div>
        <h2 id={heading} className={styles.allergyHeading}>
          On your allergy list
        </h2>
        <ul className={styles.changeList}>
          {conflicts.map((line, index) => (
            <li key={`${line.name}-${index}`}>
              <strong>{line.name}</strong>: contains {allergenText(line.allergens)}
            </li>
          ))}
        </ul>
        <p className={styles.allergyNote}>The kitchen sees your allergies on the ticket; ask it in the order&apos;s notes if something can be left out.</p>
        <label className={styles.allergyConfirm}>
          <input type="checkbox" checked={confirmed} onChange={(event) => onConfirm(event.target.checked)} />I have checked these dishes and want to order them anyway
        </label>
      </div>
    </section>
  );
}
