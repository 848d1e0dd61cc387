import { EmptyState } from "@/components/ui/empty-state";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import type { MenuSectionJson } from "@/lib/contract/menu/section-schemas";
import { windowText } from "@/lib/shared/time/section-window";
import { menuGroups } from "./menu-groups";
import { MenuItemRow, type AddButton } from "./menu-item-row";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import type { LabelWords } from "@/components/menu/dish-labels";
import { fill } from "@/lib/shared/words/fill";
import styles from "./restaurant-menu.module.css";

/**
 * The menu in groups (menu-groups.ts: featured, the owner's sections, then the spec's food-type
 * order; empty ones skipped), with a sticky jump bar; `addButton` as MenuItemRow's (the restaurant
 * page's holds a dish of a section with a time window to it: window-add-button.tsx). `words` and
 * `locale`: the request's language (the catalogue's restaurant namespace, and a dish's "Sold out today").
 */
export function RestaurantMenu({
  items,
  addButton,
  sections,
  words,
  locale,
  currency,
}: {
  items: MenuItemJson[];
  addButton: AddButton;
  sections?: MenuSectionJson[];
  words: Words<"restaurant"> & { soldOut: string; labels: LabelWords };
  locale: Locale;
  /** The restaurant's market's currency (MenuItemRow's). */
  currency?: string;
}) {
  const groups = menuGroups(items, sections ?? [], words.groups);

  if (!groups.length) {
    return (
      <EmptyState icon="utensils" title={words.empty}>
        {words.emptyText}
      </EmptyState>
    );
  }

  return (
    <div className={styles.menu}>
      <nav aria-label={words.categories} className={styles.categories}>
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
          {group.window && <p className={styles.sectionWindow}>{fill(words.available, { window: windowText(group.window, locale) ?? "" })}</p>}
          <ul className={styles.list}>
            {group.items.map((item) => (
              <li key={item.id}>
                <MenuItemRow item={item} addButton={addButton} soldOut={words.soldOut} locale={locale} currency={currency} labels={words.labels} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
