import { ALLERGEN_NAMES, DIET_LABEL_NAMES, type Allergen } from "@/lib/shared/allergens";
import type { DishAllergenInfo } from "./dish-labels";
import styles from "./dish-labels.module.css";

// The dish page's whole declaration (a server component): diet labels, the allergens it contains
// and may contain by their full names, and the "may contain" note.

const names = (list: readonly Allergen[]) => list.map((name) => ALLERGEN_NAMES[name].toLowerCase()).join(", ");

export function DishAllergens({ item }: { item: DishAllergenInfo }) {
  return (
    <div className={styles.full}>
      {item.dietLabels.length > 0 && (
        <ul className={styles.badges} aria-label="Diet labels">
          {item.dietLabels.map((label) => (
            <li key={label} className={styles.badge} data-diet={label}>
              {DIET_LABEL_NAMES[label]}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.allergens}>{item.allergens.length ? `Contains ${names(item.allergens)}` : "None of the 14 major allergens declared"}</p>
      {item.mayContain.length > 0 && <p className={styles.allergens}>May contain {names(item.mayContain)}</p>}
      {item.mayContainNote && <p className={styles.note}>{item.mayContainNote}</p>}
    </div>
  );
}
