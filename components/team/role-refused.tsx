import { RecordNotFound } from "@/components/record-not-found";
import { getT } from "@/lib/i18n/translate";
import type { RoleRefusal } from "@/lib/server/web/page-data";

/**
 * A restaurant's page above the member's role (docs/architecture/team.md): which role it needs
 * and whom to ask, instead of a "not found" for a restaurant they work at. A stranger never gets
 * here (page-data.ts teamPageFor: their 404 reveals nothing).
 */
export async function RoleRefused({ refused: { need, role, restaurantName } }: RoleRefusal) {
  const t = await getT("menus");
  return (
    <RecordNotFound icon="store" title={t("refused.title")} action={{ href: "/restaurants/manage", label: t("refused.action") }}>
      {t(`refused.${need}`)} {t("refused.workAt", { name: restaurantName, role: t(`roles.${role}`) })}
    </RecordNotFound>
  );
}
