"use client";
import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";
import { FoodPhoto } from "@/components/browse/food-photo";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { api } from "@/lib/client/api";
import { searchHref } from "./search-href";
import type { SearchResultJson as SearchResult } from "@/lib/contract/search/schemas";
import styles from "./suggestions.module.css";

/** Suggestions start at 2 characters, 150 ms after the last keystroke; 5 restaurants and 5 dishes. */
export const SUGGEST_MIN_CHARS = 2;
const SUGGEST_DELAY_MS = 150;
const SUGGEST_LIMIT = 5;
const LIST_ID = "site-search-suggestions";
const INPUT_ID = "site-search";
const searchInput = () => document.getElementById(INPUT_ID) as HTMLInputElement | null;

/** The input's text, read as an external store: typing before this code loaded counts too. */
function subscribeText(onChange: () => void) {
  const input = searchInput();
  input?.addEventListener("input", onChange);
  return () => input?.removeEventListener("input", onChange);
}
const readText = () => searchInput()?.value ?? "";

type Option = { id: string; href: string; name: string; detail: string; image: string; closed: boolean };
type Suggested = { term: string; restaurants: Option[]; dishes: Option[] };

function toOptions(term: string, result: SearchResult): Suggested {
  return {
    term,
    restaurants: result.restaurants.slice(0, SUGGEST_LIMIT).map((r) => ({
      id: `${LIST_ID}-r${r.id}`,
      href: `/restaurants/${r.id}`,
      name: r.name,
      detail: r.cuisineType,
      image: r.storeImage,
      closed: !r.takingOrders,
    })),
    dishes: result.dishes.slice(0, SUGGEST_LIMIT).map((d) => ({
      id: `${LIST_ID}-d${d.id}`,
      href: `/menu-items/${d.id}`,
      name: d.name,
      detail: d.restaurant.name,
      image: d.food_image,
      closed: !d.restaurant.takingOrders,
    })),
  };
}

/**
 * The top-bar search's listbox (WAI-ARIA 1.2 combobox with a grouped listbox): restaurants, then
 * dishes, then "Search for ...". Focus stays in the input (components/shell/search-box.tsx, a
 * server component), whose events this listens to and whose ARIA state (aria-expanded,
 * aria-activedescendant) it keeps: the server renders it closed, and this code loads on the
 * first focus (suggestions-loader.tsx). A newer keystroke cancels the request of an older one.
 * `words`: the catalogue's browse.suggest, from the server (search-box.tsx).
 */
export default function Suggestions({ words }: { words: Words<"browse">["suggest"] }) {
  const router = useRouter();
  const query = useSyncExternalStore(subscribeText, readText, () => "");
  // Mounted on the input's first focus, which may have moved on while this code loaded.
  const [open, setOpen] = useState(() => document.activeElement?.id === INPUT_ID);
  const [suggested, setSuggested] = useState<Suggested | null>(null);
  // The term whose request failed (offline): no "Searching…" for it; Enter still searches.
  const [failed, setFailed] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const term = query.trim();
  const current = term.length >= SUGGEST_MIN_CHARS && suggested?.term === term ? suggested : null;
  const visible = open && current !== null;
  // Typed enough, and its suggestions are on their way: say so rather than show nothing.
  const loading = open && term.length >= SUGGEST_MIN_CHARS && current === null && failed !== term;
  const all: Option = { id: `${LIST_ID}-all`, href: searchHref({ q: term }), name: fill(words.searchFor, { term }), detail: "", image: "", closed: false };
  const options = current ? [...current.restaurants, ...current.dishes, all] : [];
  const activeId = visible && active >= 0 ? options[active]?.id : undefined;

  useEffect(() => {
    if (term.length < SUGGEST_MIN_CHARS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: term, limit: String(SUGGEST_LIMIT) });
      api<SearchResult>(`/api/search?${params}`, { signal: controller.signal })
        .then((result) => {
          if (controller.signal.aborted) return;
          setSuggested(toOptions(term, result));
          setActive(-1);
        })
        .catch(() => {
          // Cancelled by a newer keystroke, or offline: the box still searches on Enter.
          if (!controller.signal.aborted) setFailed(term);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  useEffect(() => {
    const element = searchInput();
    if (!element) return;
    element.setAttribute("aria-expanded", String(visible));
    if (activeId) element.setAttribute("aria-activedescendant", activeId);
    else element.removeAttribute("aria-activedescendant");
    // Focus stays in the box: the list, which scrolls when it is taller than the screen allows,
    // follows the arrow keys' choice into view.
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [visible, activeId]);

  const pick = (option: Option) => {
    setOpen(false);
    setActive(-1);
    // A dish or restaurant opens with the box emptied; a search keeps its text.
    const input = searchInput();
    if (option !== all && input) input.value = "";
    router.push(option.href);
  };

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const count = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!current) return;
      event.preventDefault();
      const down = event.key === "ArrowDown";
      if (!visible) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
      } else setActive((index) => (down ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
    } else if (event.key === "Escape" && visible) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === "Enter" && activeId) {
      event.preventDefault();
      pick(options[active]!);
    }
  });

  const onSubmit = useEffectEvent((event: SubmitEvent) => {
    event.preventDefault();
    pick(all);
  });

  useEffect(() => {
    const element = searchInput();
    const form = element?.form;
    if (!element || !form) return;
    const listeners: [EventTarget, string, (event: never) => void][] = [
      [element, "focus", () => setOpen(true)],
      [element, "blur", () => setOpen(false)],
      [element, "keydown", (event: KeyboardEvent) => onKey(event)],
      [form, "submit", (event: SubmitEvent) => onSubmit(event)],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener as EventListener);
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener as EventListener);
    };
  }, []);

  const counted = current
    ? fill(words.suggested, {
        restaurants: fill(current.restaurants.length === 1 ? words.restaurantOne : words.restaurantMany, { count: current.restaurants.length }),
        dishes: fill(current.dishes.length === 1 ? words.dishOne : words.dishMany, { count: current.dishes.length }),
      })
    : "";

  const row = (option: Option, index: number) => (
    <li
      key={option.id}
      id={option.id}
      role="option"
      aria-selected={index === active}
      className={styles.option}
      onClick={() => pick(option)}
      onMouseMove={() => index !== active && setActive(index)}
    >
      <span className={styles.thumb}>
        <FoodPhoto src={option.image} alt="" variant="sm" sizes="48px" />
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{option.name}</span>
        <span className={styles.detail}>
          {option.detail}
          {option.closed && <span className={styles.closed}> · {words.notTaking}</span>}
        </span>
      </span>
    </li>
  );

  const group = (key: string, label: string, list: Option[], offset: number) =>
    list.length > 0 && (
      <ul role="group" aria-labelledby={`${LIST_ID}-${key}`} className={styles.group}>
        <li role="presentation" id={`${LIST_ID}-${key}`} className={styles.groupLabel}>
          {label}
        </li>
        {list.map((option, i) => row(option, offset + i))}
      </ul>
    );

  return (
    <>
      <p role="status" className="sr-only">
        {visible ? counted : loading ? words.loading : ""}
      </p>
      {loading && (
        <div className={styles.popup} aria-hidden="true">
          <p className={styles.loading}>
            <span className={styles.spinner} />
            {fill(words.searchingFor, { term })}
          </p>
        </div>
      )}
      {visible && current && (
        // mousedown would move focus out of the input (and close the list) before the click lands
        <div className={styles.popup} onMouseDown={(event) => event.preventDefault()}>
          <div role="listbox" id={LIST_ID} aria-label={words.label} className={styles.listbox}>
            {group("restaurants", words.restaurants, current.restaurants, 0)}
            {group("dishes", words.dishes, current.dishes, current.restaurants.length)}
            <div
              id={all.id}
              role="option"
              aria-selected={options.length - 1 === active}
              className={`${styles.option} ${styles.all}`}
              onClick={() => pick(all)}
              onMouseMove={() => active !== options.length - 1 && setActive(options.length - 1)}
            >
              {!current.restaurants.length && !current.dishes.length && <span className={styles.none}>{words.none}</span>}
              <span className={styles.name}>{all.name}</span>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
