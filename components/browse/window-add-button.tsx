import type { ReactNode } from "react";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import type { MenuSectionJson } from "@/lib/contract/menu/section-schemas";
import { availableText, isWithinWindow } from "@/lib/shared/time/section-window";
import { dishWindows } from "./menu-groups";
import { LazySectionWindowGate } from "./section-window-gate-lazy";

/**
 * The restaurant page's Add held to each dish's section window (docs/architecture/menu-sections.md):
 * `add` as it is for a dish of no window, inside SectionWindowGate for the others. Rendered by the
 * server, so a page without windows (and a group order's page) ships no gate.
 */
export function windowAddButton(sections: MenuSectionJson[], timeZone: string, add: (item: MenuItemJson) => ReactNode) {
  const windows = dishWindows(sections);
  const now = new Date();
  return function AddInWindow(item: MenuItemJson): ReactNode {
    const hours = windows.get(item.id);
    if (!hours) return add(item);
    return (
      <LazySectionWindowGate hours={hours} timeZone={timeZone} text={availableText(hours)} initiallyOpen={isWithinWindow(hours, now, timeZone)}>
        {add(item)}
      </LazySectionWindowGate>
    );
  };
}
