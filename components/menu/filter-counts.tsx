"use client";
import { useEffect, useRef } from "react";

/**
 * The jump bar's counts as the diet and allergen filter leaves them (menu-filter.tsx): the filter
 * hides rows with CSS alone, so on each change of its boxes every chip's count (`data-menu-count`,
 * restaurant-menu.tsx) is set to the rows of its section still shown. Without JavaScript the
 * counts stay the menu's own.
 */
export function FilterCounts() {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const root = anchor.current?.parentElement;
    if (!root) return;
    const recount = () => {
      for (const count of root.querySelectorAll<HTMLElement>("[data-menu-count]")) {
        const rows = root.querySelectorAll<HTMLElement>(`#menu-${CSS.escape(count.dataset.menuCount!)} > ul > li`);
        count.textContent = String([...rows].filter((row) => row.getClientRects().length > 0).length);
      }
    };
    root.addEventListener("change", recount);
    recount();
    return () => root.removeEventListener("change", recount);
  }, []);
  return <span ref={anchor} hidden />;
}
