import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { LazyPromotionsManager } from "@/components/owner/promotions/promotions-manager-lazy";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_SIZE } from "@/lib/shared/constants";
import { parseOpeningHours } from "@/lib/shared/time/opening-hours";
import { listPromotions, promotionsCurrency, promotionToJson } from "@/lib/server/promotions/manage";
import { offerMenu } from "@/lib/server/promotions/offer-targets";
import { teamPageFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("kitchen"))("promotionsPage.title") };
}

// The owner's promotions (docs/architecture/promotions.md): codes and automatic offers, created,
// edited and deleted here through /api/manage/{id}/promotions, the first page with each one's state
// and results; dates in the restaurant's time zone. Someone else's restaurant is the 404 page.
export default async function PromotionsPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await teamPageFor((await params).id, "manager");
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const [t, words, locale] = await Promise.all([getT("kitchen"), getWords("kitchen"), requestLocale()]);
  const [page, menu] = await Promise.all([listPromotions(user, restaurant.id, { limit: PAGE_SIZE.default, offset: 0 }), offerMenu(restaurant.id)]);
  const [now, currency] = [new Date(), await promotionsCurrency(restaurant.id)];
  const promotions = page.promotions.map((p) => promotionToJson(p.promotion, currency, p.results, now, locale));
  const { timeZone } = parseOpeningHours(restaurant);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">{t("backToRestaurants")}</BackLink>
      <PageHeader title={t("promotionsPage.title")} subtitle={t("promotionsPage.subtitle", { name: restaurant.name })} />
      <LazyPromotionsManager
        restaurantId={restaurant.id}
        timeZone={timeZone}
        initial={promotions}
        nextOffset={page.nextOffset}
        words={words.promotions}
        locale={locale}
        menu={menu}
        {...(currency !== "USD" && { currency })}
      />
    </div>
  );
}
