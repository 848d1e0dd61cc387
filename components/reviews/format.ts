import type { ReviewJson } from "@/lib/server/reviews/reviews";

// Display and paging rules shared by the review pages and their client components.

/** Reviews per page; the server and the client ask for one more to learn if a page follows. */
export const REVIEWS_PAGE_SIZE = 10;

export type ReviewPage = { items: ReviewJson[]; nextOffset: number | null };

/** What a page asks the server for: one page plus one row that tells whether another follows. */
export const firstPageQuery = { limit: REVIEWS_PAGE_SIZE + 1, offset: 0 };

export function firstPage(rows: ReviewJson[]): ReviewPage {
  return { items: rows.slice(0, REVIEWS_PAGE_SIZE), nextOffset: rows.length > REVIEWS_PAGE_SIZE ? REVIEWS_PAGE_SIZE : null };
}

/** An edit within a minute of writing is part of writing, not an "edited" review. */
export const wasEdited = (review: { createdAt: string; updatedAt: string }): boolean => Date.parse(review.updatedAt) - Date.parse(review.createdAt) > 60_000;
