"use client";
import { useCallback, useRef, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { api } from "@/lib/client/api";
import type { ReviewJson } from "@/lib/server/reviews";
import { REVIEWS_PAGE_SIZE } from "./format";

export type ReviewSource = { kind: "restaurant"; restaurantId: number } | { kind: "mine" };
export type ReviewPage = { items: ReviewJson[]; nextOffset: number | null };

function pageUrl(source: ReviewSource, offset: number): string {
  const query = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE + 1), offset: String(offset) });
  return source.kind === "mine" ? `/api/reviews/user?${query}` : `/api/reviews/restaurant/${source.restaurantId}?${query}`;
}

/**
 * The server's first page plus "Show more", kept on the client: creates, edits and deletes
 * change the list in place and move the next page's offset by one, so a later page neither
 * repeats nor skips a review. (A refreshed server page does not replace it: that would drop
 * the pages the visitor has already loaded.)
 */
export function useReviewList(source: ReviewSource, first: ReviewPage) {
  const { show } = useAlerts();
  const [items, setItems] = useState(first.items);
  const [nextOffset, setNextOffset] = useState(first.nextOffset);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const loadMore = useCallback(async (): Promise<number> => {
    if (busy.current || nextOffset === null) return 0;
    busy.current = true;
    setLoading(true);
    try {
      const { data } = await api<{ data: ReviewJson[] }>(pageUrl(source, nextOffset));
      const seen = new Set(items.map((review) => review.id));
      const fresh = data.slice(0, REVIEWS_PAGE_SIZE).filter((review) => !seen.has(review.id));
      setItems((list) => [...list, ...fresh]);
      setNextOffset(data.length > REVIEWS_PAGE_SIZE ? nextOffset + REVIEWS_PAGE_SIZE : null);
      return fresh.length;
    } catch {
      show("Failed to fetch reviews", "error");
      return 0;
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [source, items, nextOffset, show]);

  const add = useCallback((review: ReviewJson) => {
    setItems((list) => [review, ...list.filter((r) => r.id !== review.id)]);
    setNextOffset((offset) => (offset === null ? null : offset + 1));
  }, []);

  const replace = useCallback((review: ReviewJson) => {
    setItems((list) => list.map((r) => (r.id === review.id ? review : r)));
  }, []);

  const remove = useCallback((id: number) => {
    setItems((list) => list.filter((r) => r.id !== id));
    setNextOffset((offset) => (offset === null ? null : offset - 1));
  }, []);

  return { items, hasMore: nextOffset !== null, loading, loadMore, add, replace, remove };
}
