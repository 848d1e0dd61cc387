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
import type { MenuArrangementJson } from "@/lib/contract/menu-section-schemas";
import { LazyMenuSections } from "@/components/owner/sections/menu-sections-lazy";
import { MENU_ITEMS_FETCH_FAILED } from "@/lib/shared/messages";
import { LazyMenuFilePanel } from "@/components/owner/menu-file/menu-file-lazy";

export const metadata: Metadata = { title: "Manage menu" };

export default async function OwnerMenuPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await teamPageFor((await params).id, "manager");
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, role, restaurant } = access;
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
      Add menu item
    </Link>
  );
  const insights = (
    <Link href={`/restaurants/${restaurant.id}/insights`} className={buttonClass({ variant: "secondary" })}>
      Insights
    </Link>
  );
  const translations = (
    <Link href={`/restaurants/${restaurant.id}/translations`} className={buttonClass({ variant: "secondary" })}>
      Translations
    </Link>
  );
  const promotions = (
    <Link href={`/restaurants/${restaurant.id}/promotions`} className={buttonClass({ variant: "secondary" })}>
      Promotions
    </Link>
  );
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">Your restaurants</BackLink>
      <PageHeader
        title="Menu"
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
        <EmptyState
          icon="info"
          title={MENU_ITEMS_FETCH_FAILED}
          action={
            <Link href={`/restaurants/${restaurant.id}/menu`} className={buttonClass()}>
              Try again
            </Link>
          }
        />
      ) : items.length ? (
        <>
          {arrangement && <LazyMenuSections restaurantId={restaurant.id} dishes={items.map(({ id, name }) => ({ id, name }))} initial={arrangement} />}
          <h2 className="sr-only">All dishes</h2>
          <OwnerMenuList items={items} />
        </>
      ) : (
        <EmptyState icon="utensils" title="No menu items available." action={add}>
          Add your first dish; customers can order it as soon as it is saved.
        </EmptyState>
      )}
      {items && <LazyMenuFilePanel restaurantId={restaurant.id} />}
    </div>
  );
}
