import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { menuItemFormValues, menuItemOptionsDraft } from "@/components/owner/form-values";
import { MenuItemForm } from "@/components/owner/menu-item-form";
import { ownedMenuItemFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { PageHeader } from "@/components/ui/page-header";
import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { DEMO_PHOTOS } from "@/lib/shared/demo/demo-photos";
import { getT, requestLocale } from "@/lib/i18n/translate";
import { menuItemFormWords } from "@/components/owner/menu-item-form-words";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("updateItem.title") };
}

export default async function UpdateMenuItemPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await ownedMenuItemFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const item = menuItemToJson(access.item);
  const [t, words, locale] = await Promise.all([getT("menus"), menuItemFormWords(), requestLocale()]);
  return (
    <div className="container">
      <BackLink href={`/restaurants/${item.restaurantId}/menu`}>{t("common.menu")}</BackLink>
      <PageHeader title={t("updateItem.title")} subtitle={`${item.name} · ${item.restaurant_name}`} />
      <MenuItemForm
        mode="update"
        words={words}
        locale={locale}
        demoPhotos={DEMO_PHOTOS}
        itemId={item.id}
        initial={menuItemFormValues(item)}
        initialOptions={menuItemOptionsDraft(item)}
        initialAllergens={{ allergens: item.allergens, mayContain: item.mayContain, mayContainNote: item.mayContainNote, dietLabels: item.dietLabels }}
      />
    </div>
  );
}
