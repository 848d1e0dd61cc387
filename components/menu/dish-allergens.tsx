import type { Allergen } from "@/lib/shared/menu/allergens";
import { fill } from "@/lib/shared/words/fill";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import type { DishAllergenInfo } from "./dish-labels";
import styles from "./dish-labels.module.css";

// The dish page's whole declaration (a server component): diet labels, the allergens it contains
// and may contain by their full names, and the "may contain" note, in the request's language.

export async function DishAllergens({ item }: { item: DishAllergenInfo }) {
  const [words, locale] = await Promise.all([getWords("allergens"), requestLocale()]);
  const names = (list: readonly Allergen[]) => list.map((name) => words.names[name].toLocaleLowerCase(locale)).join(", ");
  return (
    <div className={styles.full}>
      {item.dietLabels.length > 0 && (
        <ul className={styles.badges} aria-label={words.dietLabels}>
          {item.dietLabels.map((label) => (
            <li key={label} className={styles.badge} data-diet={label}>
              {words.diets[label]}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.allergens}>{item.allergens.length ? fill(words.contains, { list: names(item.allergens) }) : words.none}</p>
      {item.mayContain.length > 0 && <p className={styles.allergens}>{fill(words.mayContain, { list: names(item.mayContain) })}</p>}
      {item.mayContainNote && <p className={styles.note}>{item.mayContainNote}</p>}
    </div>
  );
}
