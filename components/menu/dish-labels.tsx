import type { Allergen, DietLabel } from "@/lib/shared/menu/allergens";
import styles from "./dish-labels.module.css";

// A dish's diet labels, allergens and "may contain" allergens, compact (docs/architecture/allergens.md): the menu, the
// search's cards and the cart. The same for everyone (the catalog pages are replayed to all);
// AllergyWarning adds what concerns the signed-in customer. The words are the catalogue's
// allergens (their short names), given by the page in its language, English included; the dish
// page's whole list is DishAllergens (rendered on the server only).

export type DishAllergenInfo = { allergens: readonly Allergen[]; mayContain: readonly Allergen[]; mayContainNote: string; dietLabels: readonly DietLabel[] };

/** The labels' words in the page's language (the catalogue's allergens, from the server). */
export type LabelWords = { diet: string; contains: string; mayContain: string; short: Record<Allergen, string>; diets: Record<DietLabel, string> };

export function DishLabels({ item, words }: { item: Pick<DishAllergenInfo, "allergens" | "mayContain" | "dietLabels">; words: LabelWords }) {
  if (!item.dietLabels.length && !item.allergens.length && !item.mayContain.length) return null;
  const list = (names: readonly Allergen[]) => names.map((name) => words.short[name]).join(", ");
  return (
    <div className={styles.compact}>
      {item.dietLabels.length > 0 && (
        // Spans, not a list: the cart's and the menu's own lists count one item per dish (a nested list's items would count too).
        <p className={styles.badges}>
          <span className="sr-only">{words.diet}</span>
          {item.dietLabels.map((label) => (
            <span key={label} className={styles.badge} data-diet={label}>
              {words.diets[label]}
            </span>
          ))}
        </p>
      )}
      {item.allergens.length > 0 && <p className={styles.allergens}>{words.contains.replace("{list}", list(item.allergens))}</p>}
      {/* Traces the kitchen cannot rule out: told to everyone, as the dish page does (AllergyWarning marks the signed-in customer's own). */}
      {item.mayContain.length > 0 && <p className={styles.allergens}>{words.mayContain.replace("{list}", list(item.mayContain))}</p>}
    </div>
  );
}
