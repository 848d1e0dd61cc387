import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { TeamManager } from "@/components/team/team-manager";
import { PageHeader } from "@/components/ui/page-header";
import { listTeam, teamToJson } from "@/lib/server/team/members";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("team.title") };
}

// The owner's team of a restaurant (docs/architecture/team.md): invitations by
// email as manager or staff, the members' roles, removal at once. The owner's alone: a member or
// anyone else gets the 404 page.
export default async function TeamPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await ownedRestaurantFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const team = teamToJson(await listTeam(user, restaurant.id));
  const [t, { team: words, roles, roleDescriptions }, locale] = await Promise.all([getT("menus"), getWords("menus"), requestLocale()]);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">{t("common.yourRestaurants")}</BackLink>
      <PageHeader title={t("team.title")} subtitle={t("team.subtitle", { name: restaurant.name })} />
      <TeamManager restaurantId={restaurant.id} initial={team} words={{ team: words, roles, roleDescriptions }} locale={locale} />
    </div>
  );
}
