"use client";
import { useEffect } from "react";
import { useSession } from "@/components/providers/session-provider";
import { inTaskOfItsOwn } from "@/lib/client/task-of-its-own";

/** True once: the first checkout mounted in a document the browser loaded at /checkout. */
let loadedPageTaken = false;
function isTheLoadedPage(): boolean {
  if (loadedPageTaken) return false;
  loadedPageTaken = true;
  const entry = performance.getEntriesByType("navigation")[0];
  return Boolean(entry) && new URL(entry!.name).pathname === location.pathname;
}

/**
 * The wallet's balance at checkout must be today's, not the one loaded with the first page: the
 * session's user is read again when the form mounts. Not when this checkout is the page the
 * browser loaded (its user came with this very response, in the root layout): only after an
 * in-app navigation (the layout, and its user, kept from an earlier page) or a mount after the
 * first (another order, back from the back-forward cache). A request fewer in the page's first
 * seconds, where Lighthouse counts a phone's blocking time (docs/log/2026-11-27.md).
 */
export function useSessionReadAgain(): void {
  const { refresh } = useSession();
  useEffect(() => {
    if (isTheLoadedPage()) return;
    return inTaskOfItsOwn(() => void refresh());
  }, [refresh]);
}
