import type { Metadata } from "next";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { MENU_PAGE_SIZE } from "@/components/browse/format";
import { MenuItemFeed } from "@/components/browse/menu-item-feed";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listMenuItems, menuItemToJson } from "@/lib/server/menu/menu-items";
import { cardMoney } from "@/lib/server/web/card-words";
import styles from "@/components/browse/browse-page.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("allItems.title") };
}

export default async function MenuItemsPage() {
  // One extra row tells whether a second page exists.
  const rows = await listMenuItems({ restaurantId: undefined, q: undefined, limit: MENU_PAGE_SIZE + 1, offset: 0 });
  const locale = await requestLocale();
  const t = await getT("menus");
  const items = rows.slice(0, MENU_PAGE_SIZE).map((item) => menuItemToJson(item, locale));

  return (
    <div className="container">
      <PageHeader title={t("allItems.title")} subtitle={t("allItems.subtitle")} />
      <section aria-labelledby="dishes-title" className={styles.section}>
        <h2 id="dishes-title" className="sr-only">
          {t("allItems.dishes")}
        </h2>
        {items.length ? (
          <MenuItemFeed
            first={{ items, nextOffset: rows.length > MENU_PAGE_SIZE ? MENU_PAGE_SIZE : null }}
            words={(await getWords("browse")).lists}
            money={await cardMoney()}
          />
        ) : (
          <EmptyState icon="utensils" title={t("allItems.empty")} />
        )}
      </section>
    </div>
  );
}
