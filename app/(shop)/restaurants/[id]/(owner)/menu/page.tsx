import type { Metadata } from "next";
import { appLog } from "@/lib/server/platform/log";
import Link from "@/components/ui/link";
import { BackLink } from "@/components/owner/back-link";
import { OwnerMenuList } from "@/components/owner/owner-menu-list";
import { teamPageFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { menuItemToJson, type MenuItemJson } from "@/lib/server/menu/menu-items";
import { listOwnerMenu } from "@/lib/server/menu/owner-menu";
import { menuArrangement } from "@/lib/server/menu/arrangement";
import type { MenuArrangementJson } from "@/lib/contract/menu/section-schemas";
import { LazyMenuSections } from "@/components/owner/sections/menu-sections-lazy";
import { LazyMenuFilePanel } from "@/components/owner/menu-file/menu-file-lazy";
import { getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords("menus")).menu.title };
}

export default async function OwnerMenuPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await teamPageFor((await params).id, "manager");
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, role, restaurant } = access;
  const [words, locale] = await Promise.all([getWords("menus"), requestLocale()]);
  const w = words.menu;
  let items: MenuItemJson[] | null = null;
  let arrangement: MenuArrangementJson | null = null;
  try {
    // The whole menu, as GET /api/manage/{id}/menu without a limit: a dish past the 100th is still the owner's to edit.
    items = (await listOwnerMenu(user, restaurant.id, { offset: 0 })).items.map((item) => menuItemToJson(item));
    arrangement = await menuArrangement(restaurant.id);
  } catch (error) {
    appLog.error("the owner's menu page could not load the menu", { err: error });
  }
  const add = (
    <Link href={`/menu-items/new?restaurantId=${restaurant.id}`} className={buttonClass()}>
      {w.add}
    </Link>
  );
  const insights = (
    <Link href={`/restaurants/${restaurant.id}/insights`} className={buttonClass({ variant: "secondary" })}>
      {w.insights}
    </Link>
  );
  const translations = (
    <Link href={`/restaurants/${restaurant.id}/translations`} className={buttonClass({ variant: "secondary" })}>
      {w.translations}
    </Link>
  );
  const promotions = (
    <Link href={`/restaurants/${restaurant.id}/promotions`} className={buttonClass({ variant: "secondary" })}>
      {w.promotions}
    </Link>
  );
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">{words.common.yourRestaurants}</BackLink>
      <PageHeader
        title={w.heading}
        subtitle={restaurant.name}
        actions={
          <>
            {role === "owner" ? insights : null}
            {promotions}
            {items?.length ? translations : null}
            {items?.length ? add : null}
          </>
        }
      />
      {!items ? (
        <EmptyState icon="info" title={w.fetchFailed} link={{ href: `/restaurants/${restaurant.id}/menu`, text: w.tryAgain }} />
      ) : items.length ? (
        <>
          {arrangement && (
            <LazyMenuSections
              restaurantId={restaurant.id}
              dishes={items.map(({ id, name }) => ({ id, name }))}
              initial={arrangement}
              words={words.sections}
              locale={locale}
            />
          )}
          <h2 className="sr-only">{w.allDishes}</h2>
          <OwnerMenuList items={items} words={w} foodTypes={words.itemForm.foodTypes} locale={locale} />
        </>
      ) : (
        <EmptyState icon="utensils" title={w.empty} action={add}>
          {w.emptyText}
        </EmptyState>
      )}
      {items && <LazyMenuFilePanel restaurantId={restaurant.id} words={words.file} />}
    </div>
  );
}
