"use client";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { SEARCH_PARAMS, searchHref, type SearchState } from "./search-href";
import styles from "./search-form.module.css";
import type { Words } from "@/lib/i18n/words";
import { LiveButton } from "@/components/ui/live-button";

const LISTS = new Set(["cuisine", "priceLevel", "diet", "allergenFree"]);

/** The form's filters as /search's URL state. */
function formState(form: HTMLFormElement): SearchState {
  const data = new FormData(form);
  const state: SearchState = {};
  for (const key of SEARCH_PARAMS) {
    const values = data.getAll(key).map(String).filter(Boolean);
    if (values.length) state[key] = LISTS.has(key) ? values.join(",") : values[0];
  }
  return state;
}

/** Puts the URL's filters back into the controls (the back button, a link that changed the URL). */
function showState(form: HTMLFormElement, params: URLSearchParams) {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
    const value = params.get(element.name) ?? "";
    if (element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox")) {
      element.checked = element.type === "radio" ? value === element.value : value.split(",").includes(element.value);
    } else if (element !== document.activeElement) element.value = value || (element instanceof HTMLSelectElement ? (element.options[0]?.value ?? "") : "");
  }
  // A value the page left out (not one of the choices): the group shows its "Any ...".
  for (const radio of Array.from(form.querySelectorAll<HTMLInputElement>('input[type="radio"][value=""]'))) {
    if (!form.querySelector(`input[type="radio"][name="${radio.name}"]:checked`)) radio.checked = true;
  }
}

type SearchFormProps = {
  /** The text field and the sort, above the results. */
  head: ReactNode;
  filters: ReactNode;
  /** How many filters are set, shown on the phone's "Filters" button. */
  active: number;
  children: ReactNode;
  /** "Filters" and "Updating results…" (browse.search), from the server. */
  words: Pick<Words<"browse">["search"], "filtersButton" | "updating">;
};

/**
 * /search's one client piece: each change of a filter or the sort pushes a new URL (so back
 * and reload keep it), the text on Enter; the server renders the results. While they load the
 * old ones stay, dimmed and marked busy. On phones the filters fold under a "Filters" button,
 * from the first paint (without JavaScript they stay unfolded, with "Apply").
 */
export function SearchForm({ head, filters, active, children, words }: SearchFormProps) {
  const router = useRouter();
  const params = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (form.current) showState(form.current, params);
  }, [params]);

  const go = () => {
    if (!form.current) return;
    const href = searchHref(formState(form.current));
    startTransition(() => router.push(href, { scroll: false }));
  };

  return (
    <form
      ref={form}
      action="/search"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        go();
      }}
      onChange={(event) => {
        // Text waits for Enter; choices apply at once.
        const target = event.target as EventTarget;
        if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && (target.type === "radio" || target.type === "checkbox"))) go();
      }}
    >
      {/* Without JavaScript: the filters unfolded, applied by their "Apply" button (folded from the first paint otherwise). */}
      <noscript>
        <style>{`.${styles.filtersButton}{display:none}.${styles.filters}:not([data-open]){display:block}.${styles.form} [data-apply]{display:inline-block}`}</style>
      </noscript>
      <div className={styles.head}>{head}</div>
      <div className={styles.layout}>
        <div className={styles.sidebar}>
          <LiveButton className={styles.filtersButton} aria-expanded={open} aria-controls="search-filters" onClick={() => setOpen(!open)}>
            {words.filtersButton}
            {active > 0 && <span className={styles.activeCount}>{active}</span>}
          </LiveButton>
          <div id="search-filters" className={styles.filters} data-open={open || undefined}>
            {filters}
          </div>
        </div>
        <div className={styles.results} aria-busy={pending || undefined}>
          {children}
          <p role="status" className={styles.pending}>
            {pending ? words.updating : ""}
          </p>
        </div>
      </div>
    </form>
  );
}
