"use client";
import { useEffect } from "react";
import { api } from "@/lib/client/api";
import { BOARD_PAGE_SIZE } from "@/lib/shared/constants";
import type { BoardJson } from "./board-types";

// The board's reads of its pages and its tab's title (components/owner/order-board.tsx).

/**
 * The first `pages` pages of the board (one request each, at once), as one board: the open orders
 * in order without repeats (an order that moved between two reads is counted once), the counts
 * and the done column of the first.
 */
export async function readPages(restaurantId: number, pages: number): Promise<BoardJson> {
  const read = await Promise.all(
    Array.from({ length: pages }, (_, page) => api<BoardJson>(`/api/manage/${restaurantId}/board${page ? `?offset=${page * BOARD_PAGE_SIZE}` : ""}`)),
  );
  const seen = new Set<number>();
  const orders = read.flatMap((board) => board.orders).filter((order) => !seen.has(order.id) && seen.add(order.id));
  return { ...read[0]!, orders };
}

/** The New orders' count leads the tab's title ("(2) Orders"), and leaves it when the board goes. */
export function useTabCount(newCount: number) {
  // The router may rewrite the title (metadata), so it is re-applied whenever the title changes.
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(/^\(\d+\) /, "");
      const wanted = newCount ? `(${newCount}) ${base}` : base;
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [newCount]);
  useEffect(() => () => void (document.title = document.title.replace(/^\(\d+\) /, "")), []);
}
