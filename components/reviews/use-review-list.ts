"use client";
import { useCallback } from "react";
import { usePagedList } from "@/components/browse/use-paged-list";
import { api } from "@/lib/client/api";
import type { ReviewJson } from "@/lib/server/reviews/reviews";
import { REVIEWS_PAGE_SIZE, type ReviewPage } from "./format";

export type ReviewSource = { kind: "restaurant"; restaurantId: number } | { kind: "mine" };

function pageUrl(source: ReviewSource, offset: number): string {
  const query = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE + 1), offset: String(offset) });
  return source.kind === "mine" ? `/api/reviews/user?${query}` : `/api/reviews/restaurant/${source.restaurantId}?${query}`;
}

/**
 * The server's first page plus "Show more", kept on the client: creates, edits and deletes
 * change the list in place and move the next page's offset by one, so a later page neither
 * repeats nor skips a review. (A refreshed server page does not replace it: that would drop
 * the pages the visitor has already loaded.) `failed`: a page's load failure, in the reader's language.
 */
export function useReviewList(source: ReviewSource, first: ReviewPage, failed: string) {
  const fetchPage = useCallback(
    async (offset: number): Promise<ReviewPage> => {
      const { data } = await api<{ data: ReviewJson[] }>(pageUrl(source, offset));
      return { items: data.slice(0, REVIEWS_PAGE_SIZE), nextOffset: data.length > REVIEWS_PAGE_SIZE ? offset + REVIEWS_PAGE_SIZE : null };
    },
    [source],
  );
  const { items, setItems, shiftOffset, hasMore, loading, loadMore } = usePagedList(first, fetchPage, failed);

  const add = useCallback(
    (review: ReviewJson) => {
      setItems((list) => [review, ...list.filter((r) => r.id !== review.id)]);
      shiftOffset(1);
    },
    [setItems, shiftOffset],
  );

  const replace = useCallback((review: ReviewJson) => setItems((list) => list.map((r) => (r.id === review.id ? review : r))), [setItems]);

  const remove = useCallback(
    (id: number) => {
      setItems((list) => list.filter((r) => r.id !== id));
      shiftOffset(-1);
    },
    [setItems, shiftOffset],
  );

  return { items, hasMore, loading, loadMore, add, replace, remove };
}
