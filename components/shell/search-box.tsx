import { IconGlyph } from "@/components/ui/icons";
import { getWords } from "@/lib/i18n/translate";
import { SuggestionsLoader } from "./suggestions-loader";
import styles from "./search-box.module.css";

export const SEARCH_INPUT_ID = "site-search";

/**
 * The top bar's search: a WAI-ARIA 1.2 combobox (docs/architecture/search.md, "The search screens"), rendered by
 * the server and passed to the (client) top bar as a slot, so its markup costs no JavaScript.
 * The suggestions (fetching, the listbox, the keys and the input's changing ARIA state) load on
 * the input's first focus; until then Enter submits the form to /search as a plain GET.
 */
export async function SearchBox() {
  const [words, browse] = await Promise.all([getWords("shell"), getWords("browse")]);
  return (
    <form role="search" action="/search" className={styles.search}>
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        {words.searchLabel}
      </label>
      <IconGlyph name="search" className={styles.icon} />
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        aria-controls="site-search-suggestions"
        autoComplete="off"
        maxLength={100}
        placeholder={words.searchPlaceholder}
        className={styles.input}
        enterKeyHint="search"
      />
      <SuggestionsLoader words={browse.suggest} />
    </form>
  );
}
