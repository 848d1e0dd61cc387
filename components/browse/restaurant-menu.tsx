import { EmptyState } from "@/components/ui/empty-state";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import type { MenuSectionJson } from "@/lib/contract/menu-section-schemas";
import { windowText } from "@/lib/shared/section-window";
import { menuGroups } from "./menu-groups";
import { MenuItemRow, type AddButton } from "./menu-item-row";
import styles from "./restaurant-menu.module.css";

/**
 * The menu in groups (menu-groups.ts: featured, the owner's sections, then the spec's food-type
 * order; empty ones skipped), with a sticky jump bar; `addButton` as MenuItemRow's (the restaurant
 * page's holds a dish of a section with a time window to it: window-add-button.tsx).
 */
export function RestaurantMenu({ items, addButton, sections }: { items: MenuItemJson[]; addButton: AddButton; sections?: MenuSectionJson[] }) {
  const groups = menuGroups(items, sections);

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
                {group.label}{" "}
                <span className={styles.count} data-menu-count={group.key}>
                  {group.items.length}
                </span>
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
                <MenuItemRow item={item} addButton={addButton} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
