import { ALLERGEN_NAMES, ALLERGENS, DIET_LABEL_NAMES, DIET_LABELS } from "@/lib/shared/allergens";
import { PRICE_LEVELS, PRICE_LEVEL_SYMBOLS, type PriceLevel } from "@/lib/shared/constants";
import type { SearchState } from "./search-href";
import styles from "./search-page.module.css";

// The filters of /search as plain form controls, rendered on the server: SearchForm (the one
// client piece) turns each change into a new URL; without JavaScript "Apply" submits the form.

export const MIN_RATINGS = ["4.5", "4", "3.5", "3"] as const;
export const DELIVERY_MINUTES = ["25", "30", "35", "45"] as const;
export const DISH_PRICES = ["8", "12", "15", "20"] as const;
export const SEARCH_SORT_LABELS = { best: "Best match", rating: "Rating", delivery_time: "Delivery time", price: "Price" } as const;
const PRICE_LEVEL_NAMES: Record<PriceLevel, string> = { INEXPENSIVE: "Inexpensive", MODERATE: "Moderate", EXPENSIVE: "Expensive", VERY_EXPENSIVE: "Very expensive" };

const listOf = (value: string | undefined) => (value ? value.split(",") : []);

type Choice = { value: string; label: string; count?: number };

function Choices({
  legend,
  name,
  type,
  choices,
  selected,
  unit = ["restaurant", "restaurants"],
}: {
  legend: string;
  name: string;
  type: "radio" | "checkbox";
  choices: Choice[];
  selected: string[];
  unit?: [string, string];
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <ul className={styles.choices}>
        {choices.map((choice) => (
          <li key={choice.value}>
            <label className={styles.choice}>
              <input type={type} name={name} value={choice.value} defaultChecked={selected.includes(choice.value)} className={styles.control} />
              <span className={styles.choiceLabel}>{choice.label}</span>
              {choice.count !== undefined && (
                <span className={styles.count}>
                  {choice.count}
                  <span className="sr-only"> {choice.count === 1 ? unit[0] : unit[1]}</span>
                </span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

type SearchFiltersProps = {
  state: SearchState;
  /** Restaurants per cuisine for the text and the other filters (the API's facets). */
  facets: Record<string, number>;
  /** Dishes per diet label and per allergen they are free of (the API's facets.diet and facets.allergenFree). */
  dishFacets?: { diet: Record<string, number>; allergenFree: Record<string, number> };
};

/** Open now, cuisine (with its count), minimum rating, price level, delivery time and dish price. */
export function SearchFilters({ state, facets, dishFacets }: SearchFiltersProps) {
  const cuisines = listOf(state.cuisine);
  const shown = [...new Set([...Object.keys(facets), ...cuisines])].sort((a, b) => a.localeCompare(b));
  /** "Any ..." and the presets, plus a value from the URL that is not one of them (a shared link). */
  const presets = (anyLabel: string, values: readonly string[], current: string | undefined, label: (value: string) => string): Choice[] => [
    { value: "", label: anyLabel },
    ...[...values, ...(current && !values.includes(current) ? [current] : [])].map((value) => ({ value, label: label(value) })),
  ];
  return (
    <div className={styles.filterGroups}>
      <Choices legend="Hours" name="open" type="checkbox" selected={[state.open ?? ""]} choices={[{ value: "true", label: "Open now" }]} />
      <Choices
        legend="Diet"
        name="diet"
        type="checkbox"
        unit={["dish", "dishes"]}
        selected={listOf(state.diet)}
        choices={DIET_LABELS.map((label) => ({ value: label, label: DIET_LABEL_NAMES[label], count: dishFacets ? (dishFacets.diet[label] ?? 0) : undefined }))}
      />
      <Choices
        legend="Leave out dishes with"
        name="allergenFree"
        type="checkbox"
        unit={["dish without it", "dishes without it"]}
        selected={listOf(state.allergenFree)}
        choices={ALLERGENS.map((name) => ({ value: name, label: ALLERGEN_NAMES[name], count: dishFacets ? (dishFacets.allergenFree[name] ?? 0) : undefined }))}
      />
      {shown.length > 0 && (
        <Choices legend="Cuisine" name="cuisine" type="checkbox" selected={cuisines} choices={shown.map((c) => ({ value: c, label: c, count: facets[c] ?? 0 }))} />
      )}
      <Choices
        legend="Minimum rating"
        name="minRating"
        type="radio"
        selected={[state.minRating ?? ""]}
        choices={presets("Any rating", MIN_RATINGS, state.minRating, (r) => `${Number(r).toFixed(1)} stars and up`)}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Price level</legend>
        <ul className={`${styles.choices} ${styles.levels}`}>
          {PRICE_LEVELS.map((level) => (
            <li key={level}>
              <label className={styles.level}>
                <input type="checkbox" name="priceLevel" value={level} defaultChecked={listOf(state.priceLevel).includes(level)} className={styles.levelControl} />
                <span aria-hidden="true">{PRICE_LEVEL_SYMBOLS[level]}</span>
                <span className="sr-only">{PRICE_LEVEL_NAMES[level]}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Choices
        legend="Delivery time"
        name="maxDeliveryMinutes"
        type="radio"
        selected={[state.maxDeliveryMinutes ?? ""]}
        choices={presets("Any time", DELIVERY_MINUTES, state.maxDeliveryMinutes, (m) => `${m} min or less`)}
      />
      <Choices
        legend="Has dishes under"
        name="maxDishPrice"
        type="radio"
        selected={[state.maxDishPrice ?? ""]}
        choices={presets("Any price", DISH_PRICES, state.maxDishPrice, (p) => `$${p} or less`)}
      />
      <button type="submit" className={styles.apply} data-apply>
        Apply filters
      </button>
    </div>
  );
}
