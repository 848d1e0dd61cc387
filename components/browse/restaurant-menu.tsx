import { EmptyState } from "@/components/ui/empty-state";
import { FOOD_TYPES } from "@/lib/shared/constants";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import { FOOD_TYPE_LABELS } from "./format";
import { MenuItemRow, type AddButton } from "./menu-item-row";
import styles from "./restaurant-menu.module.css";

/** The menu in the spec's food-type order, empty types skipped, with a sticky jump bar; `addButton` as MenuItemRow's. */
export function RestaurantMenu({ items, addButton }: { items: MenuItemJson[]; addButton: AddButton }) {
  const groups = FOOD_TYPES.map((type) => ({
    type,
    label: FOOD_TYPE_LABELS[type],
    items: items.filter((item) => item.food_type === type),
  })).filter((group) => group.items.length);

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
            <li key={group.type}>
              <a href={`#menu-${group.type}`}>
                {group.label} <span className={styles.count}>{group.items.length}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group) => (
        <section key={group.type} id={`menu-${group.type}`} aria-labelledby={`menu-${group.type}-title`} className={styles.section}>
          <h2 id={`menu-${group.type}-title`} className={styles.sectionTitle}>
            {group.label}
          </h2>
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
