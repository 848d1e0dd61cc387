import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { MenuItemForm } from "@/components/owner/menu-item-form";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_SIZE } from "@/lib/shared/constants";
import { listOwnedRestaurants } from "@/lib/server/restaurants/restaurants";
import { listTeamRestaurants } from "@/lib/server/team/members";
import { DEMO_PHOTOS } from "@/lib/shared/demo/demo-photos";
import { requireAccountPage } from "@/lib/server/web/page";
import { getT, requestLocale } from "@/lib/i18n/translate";
import { menuItemFormWords } from "@/components/owner/menu-item-form-words";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("newItem.title") };
}

type NewMenuItemProps = { searchParams: Promise<{ restaurantId?: string | string[] }> };

export default async function NewMenuItemPage({ searchParams }: NewMenuItemProps) {
  const user = await requireAccountPage();
  const owned = (await listOwnedRestaurants(user.id, { limit: PAGE_SIZE.max, offset: 0 })).restaurants.map((r) => ({ id: r.id, name: r.name }));
  // And those the person manages (docs/architecture/team.md): POST /api/menu-items admits a manager.
  const managed = (await listTeamRestaurants(user.id)).filter((r) => r.role === "manager").map((r) => ({ id: r.id, name: r.name }));
  const restaurants = [...owned, ...managed];
  const wanted = (await searchParams).restaurantId;
  // Only one of the owner's own restaurants is preselected; anything else leaves the choice open.
  const chosen = restaurants.find((r) => String(r.id) === wanted);
  const [t, words, locale] = await Promise.all([getT("menus"), menuItemFormWords(), requestLocale()]);
  return (
    <div className="container">
      <BackLink href={chosen ? `/restaurants/${chosen.id}/menu` : "/restaurants/manage"}>{chosen ? t("common.menu") : t("common.yourRestaurants")}</BackLink>
      <PageHeader title={t("newItem.title")} subtitle={chosen?.name} />
      {restaurants.length ? (
        <MenuItemForm
          mode="create"
          words={words}
          locale={locale}
          demoPhotos={DEMO_PHOTOS}
          restaurants={restaurants}
          initial={{ restaurantId: chosen ? String(chosen.id) : "", name: "", description: "", price: "", foodImage: "", foodType: "" }}
        />
      ) : (
        <EmptyState icon="store" title={t("newItem.noRestaurant")} link={{ href: "/restaurants/new", text: t("newItem.addRestaurant") }}>
          {t("newItem.noRestaurantText")}
        </EmptyState>
      )}
    </div>
  );
}
