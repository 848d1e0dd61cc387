import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { RoleRefused } from "@/components/team/role-refused";
import { WebhooksManager } from "@/components/owner/webhooks-manager";
import { PageHeader } from "@/components/ui/page-header";
import { parseOpeningHours } from "@/lib/shared/time/opening-hours";
import { listEndpoints } from "@/lib/server/webhooks/endpoints";
import { teamPageFor } from "@/lib/server/web/page-data";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("webhooks.title") };
}

// A restaurant's outgoing webhooks (docs/architecture/webhooks.md), for its owner and managers:
// endpoints, their secrets, the delivery log with Resend, the test event. Times in the restaurant's zone.
export default async function WebhooksPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await teamPageFor((await params).id, "manager");
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const [endpoints, t, words, locale] = await Promise.all([listEndpoints(user, restaurant.id), getT("menus"), getWords("menus"), requestLocale()]);
  const { timeZone } = parseOpeningHours(restaurant);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">{t("common.yourRestaurants")}</BackLink>
      <PageHeader title={t("webhooks.title")} subtitle={t("webhooks.subtitle", { name: restaurant.name })} />
      <WebhooksManager restaurantId={restaurant.id} timeZone={timeZone} initial={endpoints} words={words.webhooks} logWords={words.webhookLog} locale={locale} />
    </div>
  );
}
