"use client";
import { useCallback, useRef, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";

export type Page<T> = { items: T[]; nextOffset: number | null };

/**
 * A server-rendered first page plus "show more": appends the next page, skipping ids already
 * shown, and alerts `errorMessage` when a page fails to load (the button stays for a retry).
 */
export function usePagedList<T extends { id: number }>(first: Page<T>, fetchPage: (offset: number, loaded: T[]) => Promise<Page<T>>, errorMessage: string) {
  const { show } = useAlerts();
  const [items, setItems] = useState(first.items);
  const [nextOffset, setNextOffset] = useState(first.nextOffset);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  /** Resolves to the number of items added. */
  const loadMore = useCallback(async (): Promise<number> => {
    if (busy.current || nextOffset === null) return 0;
    busy.current = true;
    setLoading(true);
    try {
      const page = await fetchPage(nextOffset, items);
      const seen = new Set(items.map((item) => item.id));
      const fresh = page.items.filter((item) => !seen.has(item.id));
      setItems((list) => [...list, ...fresh]);
      setNextOffset(page.nextOffset);
      return fresh.length;
    } catch {
      show(errorMessage, "error");
      return 0;
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [fetchPage, items, nextOffset, errorMessage, show]);

  /** After the list changed in place (one item added or removed), keep the next page aligned. */
  const shiftOffset = useCallback((delta: number) => setNextOffset((offset) => (offset === null ? null : offset + delta)), []);

  return { items, setItems, shiftOffset, hasMore: nextOffset !== null, loading, loadMore };
}
