"use client";
import { useEffect, useState } from "react";
import { api } from "@/lib/client/api";

// Whether the signed-in person works at a restaurant they do not own (docs/architecture/team.md):
// the top navigation's menu then leads them to "Where you work" instead of "Add your restaurant".
// Not a field of the user JSON (the spec's): read from GET /api/team/workplaces when the menu
// opens, and the last answer kept for the document, so a menu opened again shows it at once.

let last: { userId: number; works: boolean } | null = null;

/** For `userId` (null: not asked, an owner or a guest): true or false once known, undefined until then. */
export function useWorksSomewhere(userId: number | null): boolean | undefined {
  const [works, setWorks] = useState<{ userId: number; works: boolean } | null>(() => (userId !== null && last?.userId === userId ? last : null));
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    api<{ restaurants: unknown[] }>("/api/team/workplaces").then(
      (answer) => {
        last = { userId, works: answer.restaurants.length > 0 };
        if (live) setWorks(last);
      },
      // Not known (offline, a server failure): the menu offers what it offers everyone.
      () => live && setWorks((known) => (known?.userId === userId ? known : { userId, works: false })),
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return userId !== null && works?.userId === userId ? works.works : undefined;
}
