import type { ReactNode } from "react";
import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import { getWords } from "@/lib/i18n/translate";
import { FilterCounts } from "./filter-counts";
import styles from "./menu-filter.module.css";

// The restaurant page's diet and allergen filter ("vegan", "no peanuts"; docs/architecture/allergens.md).
// Plain checkboxes and CSS, no script: each dish row carries `data-diet` and `data-allergens`
// (menu-item-row.tsx), and a checked box hides the rows it rules out with `:has()`. The page stays
// the same for everyone (it is replayed by the host), and the filter works before any JavaScript.

const id = (kind: string, name: string) => `menu-filter-${kind}-${name}`;

/** The rules: a dish without a checked label, or with a checked allergen, is hidden. */
const RULES = [
  ...DIET_CODES.map((label) => `.${styles.filtered}:has(#${id("diet", label)}:checked) li:has(> [data-diet]:not([data-diet~="${label}"]))`),
  ...ALLERGENS.map((name) => `.${styles.filtered}:has(#${id("free", name)}:checked) li:has(> [data-allergens~="${name}"])`),
].join(",\n");

/** The filter, its words in the request's language (a server component: the catalogue's allergens). */
export async function MenuFilter({ children }: { children: ReactNode }) {
  const words = await getWords("allergens");
  return (
    <div className={styles.filtered}>
      <style>{`${RULES} { display: none; }`}</style>
      <FilterCounts />
      <details className={styles.panel}>
        <summary className={styles.summary}>{words.filter}</summary>
        <fieldset className={styles.group}>
          <legend>{words.only}</legend>
          {DIET_CODES.map((label) => (
            <label key={label} className={styles.choice} htmlFor={id("diet", label)}>
              <input type="checkbox" id={id("diet", label)} />
              {words.diets[label]}
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{words.hide}</legend>
          {ALLERGENS.map((name) => (
            <label key={name} className={styles.choice} htmlFor={id("free", name)}>
              <input type="checkbox" id={id("free", name)} />
              {words.names[name]}
            </label>
          ))}
        </fieldset>
      </details>
      {children}
    </div>
  );
}
