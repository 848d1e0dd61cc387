import type { Metadata } from "next";
import { FoodPhoto } from "@/components/browse/food-photo";
import { BackLink } from "@/components/owner/back-link";
import { DeleteMenuItem } from "@/components/owner/delete-menu-item";
import { ownedMenuItemFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import styles from "@/components/owner/owner.module.css";
import { formatMoney } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("deleteItem.metaTitle") };
}

export default async function DeleteMenuItemPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await ownedMenuItemFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const item = menuItemToJson(access.item);
  const [t, words, locale] = await Promise.all([getT("menus"), getWords("menus"), requestLocale()]);
  return (
    <div className="container">
      <BackLink href={`/restaurants/${item.restaurantId}/menu`}>{t("common.menu")}</BackLink>
      <PageHeader title={t("deleteItem.title")} subtitle={item.restaurant_name} />
      <section className={styles.deleteCard} aria-label={item.name}>
        <div className={styles.dish}>
          <div className={styles.dishPhoto} aria-hidden="true">
            <FoodPhoto src={item.food_image} alt="" variant="sm" sizes="88px" />
          </div>
          <div className={styles.dishBody}>
            <h2 className={styles.dishName}>{item.name}</h2>
            <p className={styles.meta}>{formatMoney(item.price, locale)}</p>
            <p className={styles.dishText}>{item.description}</p>
          </div>
        </div>
        <p>{t("deleteItem.warning")}</p>
        <DeleteMenuItem id={item.id} name={item.name} menuPath={`/restaurants/${item.restaurantId}/menu`} words={words.deleteItem} />
      </section>
    </div>
  );
}
