import { ALLERGEN_NAMES, DIET_LABEL_NAMES, type Allergen, type DietLabel } from "@/lib/shared/allergens";
import styles from "./dish-labels.module.css";

// A dish's diet labels and allergens (docs/architecture/allergens.md), the same for everyone (the
// catalog pages are replayed to all): compact on the menu, the search results and the cart, whole
// on the dish's page. AllergyWarning adds what concerns the signed-in customer.

export type DishAllergenInfo = { allergens: readonly Allergen[]; mayContain: readonly Allergen[]; mayContainNote: string; dietLabels: readonly DietLabel[] };

const names = (list: readonly Allergen[]) => list.map((name) => ALLERGEN_NAMES[name].toLowerCase()).join(", ");

export function DishLabels({ item, full = false }: { item: DishAllergenInfo; full?: boolean }) {
  if (!item.dietLabels.length && !item.allergens.length && !item.mayContain.length && !item.mayContainNote) return null;
  return (
    <div className={full ? styles.full : styles.compact}>
      {item.dietLabels.length > 0 && (
        <ul className={styles.badges} aria-label="Diet labels">
          {item.dietLabels.map((label) => (
            <li key={label} className={styles.badge} data-diet={label}>
              {DIET_LABEL_NAMES[label]}
            </li>
          ))}
        </ul>
      )}
      {item.allergens.length > 0 && <p className={styles.allergens}>Contains {names(item.allergens)}</p>}
      {full && item.mayContain.length > 0 && <p className={styles.allergens}>May contain {names(item.mayContain)}</p>}
      {full && item.mayContainNote && <p className={styles.note}>{item.mayContainNote}</p>}
      {full && !item.allergens.length && <p className={styles.allergens}>None of the 14 major allergens declared</p>}
    </div>
  );
}
