import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { menuItemFormValues, menuItemOptionsDraft } from "@/components/owner/form-values";
import { MenuItemForm } from "@/components/owner/menu-item-form";
import { ownedMenuItemFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { PageHeader } from "@/components/ui/page-header";
import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { DEMO_PHOTOS } from "@/lib/shared/demo-photos";

export const metadata: Metadata = { title: "Update menu item" };

export default async function UpdateMenuItemPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await ownedMenuItemFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const item = menuItemToJson(access.item);
  return (
    <div className="container">
      <BackLink href={`/restaurants/${item.restaurantId}/menu`}>Menu</BackLink>
      <PageHeader title="Update menu item" subtitle={`${item.name} · ${item.restaurant_name}`} />
      <MenuItemForm
        mode="update"
        demoPhotos={DEMO_PHOTOS}
        itemId={item.id}
        initial={menuItemFormValues(item)}
        initialOptions={menuItemOptionsDraft(item)}
        initialAllergens={{ allergens: item.allergens, mayContain: item.mayContain, mayContainNote: item.mayContainNote, dietLabels: item.dietLabels }}
      />
    </div>
  );
}
