import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locale";
import { formatCents } from "@/lib/shared/money/money";
import { PRICE_LEVELS, PRICE_LEVEL_SYMBOLS } from "@/lib/shared/constants";
import type { SearchState } from "./search-href";
import styles from "./search-page.module.css";

// The filters of /search as plain form controls, rendered on the server: SearchForm (the one
// client piece) turns each change into a new URL; without JavaScript "Apply" submits the form.

export const MIN_RATINGS = ["4.5", "4", "3.5", "3"] as const;
export const DELIVERY_MINUTES = ["25", "30", "35", "45"] as const;
export const DISH_PRICES = ["8", "12", "15", "20"] as const;

/** A dish price preset ("8"): "$8" in English as before, the reader's format otherwise. */
const dollars = (value: string, locale: Locale) => (locale === "en" ? `$${value}` : formatCents(Math.round(Number(value) * 100), { locale }));

const listOf = (value: string | undefined) => (value ? value.split(",") : []);

type Choice = { value: string; label: string; count?: number };

function Choices({
  legend,
  name,
  type,
  choices,
  selected,
  unit,
}: {
  legend: string;
  name: string;
  type: "radio" | "checkbox";
  choices: Choice[];
  selected: string[];
  /** What a count counts, one and many ("restaurant", "restaurants"). */
  unit: [string, string];
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
export async function SearchFilters({ state, facets, dishFacets }: SearchFiltersProps) {
  const [t, allergens, browse, locale] = await Promise.all([getT("browse.search.filters"), getWords("allergens"), getWords("browse"), requestLocale()]);
  const [w, card] = [browse.search.filters, browse.card];
  const restaurants: [string, string] = [w.restaurantOne, w.restaurantMany];
  const cuisines = listOf(state.cuisine);
  const shown = [...new Set([...Object.keys(facets), ...cuisines])].sort((a, b) => a.localeCompare(b));
  /** A radio group of restaurants: "Any ..." and the presets, plus a value from the URL that is not one of them (a shared link). */
  const presets = (name: "minRating" | "maxDeliveryMinutes" | "maxDishPrice", anyLabel: string, values: readonly string[], label: (value: string) => string) => {
    const current = state[name];
    const choices: Choice[] = [
      { value: "", label: anyLabel },
      ...[...values, ...(current && !values.includes(current) ? [current] : [])].map((value) => ({ value, label: label(value) })),
    ];
    return { name, type: "radio" as const, unit: restaurants, selected: [current ?? ""], choices };
  };
  /** A checkbox group of dish labels, each with the dishes the facets count. */
  const dishLabels = <C extends string>(name: "diet" | "allergenFree", codes: readonly C[], names: Record<C, string>, unit: [string, string]) => ({
    name,
    type: "checkbox" as const,
    unit,
    selected: listOf(state[name]),
    choices: codes.map((code) => ({ value: code, label: names[code], count: dishFacets ? (dishFacets[name][code] ?? 0) : undefined })),
  });
  return (
    <div className={styles.filterGroups}>
      <Choices legend={w.hours} name="open" type="checkbox" unit={restaurants} selected={[state.open ?? ""]} choices={[{ value: "true", label: w.openNow }]} />
      <Choices legend={w.diet} {...dishLabels("diet", DIET_CODES, allergens.diets, [w.dishOne, w.dishMany])} />
      <Choices legend={w.leaveOut} {...dishLabels("allergenFree", ALLERGENS, allergens.names, [w.withoutOne, w.withoutMany])} />
      {shown.length > 0 && (
        <Choices
          legend={w.cuisine}
          name="cuisine"
          type="checkbox"
          unit={restaurants}
          selected={cuisines}
          choices={shown.map((c) => ({ value: c, label: card.cuisines[c as keyof typeof card.cuisines] ?? c, count: facets[c] ?? 0 }))}
        />
      )}
      <Choices legend={w.minRating} {...presets("minRating", w.anyRating, MIN_RATINGS, (r) => t("starsUp", { rating: Number(r).toFixed(1) }))} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{w.priceLevel}</legend>
        <ul className={`${styles.choices} ${styles.levels}`}>
          {PRICE_LEVELS.map((level) => (
            <li key={level}>
              <label className={styles.level}>
                <input type="checkbox" name="priceLevel" value={level} defaultChecked={listOf(state.priceLevel).includes(level)} className={styles.levelControl} />
                <span aria-hidden="true">{PRICE_LEVEL_SYMBOLS[level]}</span>
                <span className="sr-only">{w.levels[level]}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Choices legend={w.deliveryTime} {...presets("maxDeliveryMinutes", w.anyTime, DELIVERY_MINUTES, (m) => t("minutes", { minutes: m }))} />
      <Choices legend={w.dishesUnder} {...presets("maxDishPrice", w.anyPrice, DISH_PRICES, (p) => t("priceOrLess", { price: dollars(p, locale) }))} />
      <button type="submit" className={styles.apply} data-apply>
        {w.apply}
      </button>
    </div>
  );
}
