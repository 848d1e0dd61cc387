import { EmptyState } from "@/components/ui/empty-state";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import type { MenuSectionJson } from "@/lib/contract/menu-section-schemas";
import { isWithinWindow, windowText } from "@/lib/shared/section-window";
import { dishWindows, menuGroups } from "./menu-groups";
import { MenuItemRow, type AddButton } from "./menu-item-row";
import { SectionWindowGate } from "./section-window-gate";
import styles from "./restaurant-menu.module.css";

type Sections = { sections: MenuSectionJson[]; timeZone: string };

/**
 * The menu in groups (menu-groups.ts: featured, the owner's sections, then the spec's food-type
 * order; empty ones skipped), with a sticky jump bar; `addButton` as MenuItemRow's. A dish of a
 * section with a time window shows its Add only inside it.
 */
export function RestaurantMenu({ items, addButton, placement }: { items: MenuItemJson[]; addButton: AddButton; placement?: Sections }) {
  const groups = menuGroups(items, placement?.sections);
  const windows = dishWindows(placement?.sections);
  const now = new Date();
  const gated: AddButton = (item) => {
    const hours = windows.get(item.id);
    if (!hours || !placement) return addButton(item);
    return (
      <SectionWindowGate hours={hours} timeZone={placement.timeZone} initiallyOpen={isWithinWindow(hours, now, placement.timeZone)}>
        {addButton(item)}
      </SectionWindowGate>
    );
  };

  if (!groups.length) {
    return (
      <EmptyState icon="utensils" title="No menu items available.">
        This kitchen has not published its menu yet.
      </EmptyState>
    );
  }

  return (
    <div className={styles.menu}>
      <nav aria-label="Menu categories" className={styles.categories}>
        <ul>
          {groups.map((group) => (
            <li key={group.key}>
              <a href={`#menu-${group.key}`}>
                {group.label} <span className={styles.count}>{group.items.length}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group) => (
        <section key={group.key} id={`menu-${group.key}`} aria-labelledby={`menu-${group.key}-title`} className={styles.section}>
          <h2 id={`menu-${group.key}-title`} className={styles.sectionTitle}>
            {group.label}
          </h2>
          {group.window && <p className={styles.sectionWindow}>Available {windowText(group.window)}</p>}
          <ul className={styles.list}>
            {group.items.map((item) => (
              <li key={item.id}>
                <MenuItemRow item={item} addButton={gated} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
