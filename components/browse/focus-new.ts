"use client";
import { useEffect, useRef, type RefObject } from "react";

/**
 * After a "Show more" click, moves focus to the first new item's [data-focus-target] link once
 * it is rendered, so keyboard users carry on where the new items start.
 */
export function useFocusNewItems(list: RefObject<HTMLElement | null>, count: number) {
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const index = pending.current;
    if (index === null || index >= count) return;
    pending.current = null;
    list.current?.querySelectorAll<HTMLElement>("[data-focus-target]")[index]?.focus();
  }, [list, count]);
  /** Call before loading: the index the first new item will have. */
  return (firstNewIndex: number) => {
    pending.current = firstNewIndex;
  };
}
