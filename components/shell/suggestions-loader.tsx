"use client";
import { lazy, Suspense, useEffect, useState } from "react";
import type { Words } from "@/lib/i18n/words";

// The top bar is in every route's first-load JavaScript (bench/first-load-budget.json): this is
// all the search box adds to it. The suggestions load on the input's first focus (React.lazy).
const Suggestions = lazy(() => import("@/components/search/suggestions"));

/** Loads the top-bar search's suggestions once its input (search-box.tsx) is first focused; `words`: theirs (browse.suggest). */
export function SuggestionsLoader({ words }: { words: Words<"browse">["suggest"] }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const input = document.getElementById("site-search");
    if (wanted || !input) return;
    const load = () => setWanted(true);
    input.addEventListener("focus", load);
    // Focused before this code ran (a fast visitor on a slow page).
    if (document.activeElement === input) load();
    return () => input.removeEventListener("focus", load);
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Suggestions words={words} />
    </Suspense>
  ) : null;
}
