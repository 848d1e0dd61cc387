import type { Metadata } from "next";
import { LazyPromotionsManager } from "@/components/owner/promotions/promotions-manager-lazy";
import Link from "@/components/ui/link";
import { orNotFound, pageId, requireOperatorPage } from "@/lib/server/web/page";
import { getRestaurant } from "@/lib/server/restaurants/restaurants";
import { promotionsCurrency, promotionToJson } from "@/lib/server/promotions/manage";
import { listPlatformOffers } from "@/lib/server/promotions/platform-offers";
import { offerMenu } from "@/lib/server/promotions/offer-targets";
import { parseOpeningHours } from "@/lib/shared/time/opening-hours";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("restaurants.offersTitle") };
}

// The platform's offers at one restaurant (docs/architecture/promotions.md "Who pays"): an operator
// runs an automatic offer the platform pays for (POST /api/admin/restaurants/{id}/offers) and ends
// it; the owner's promotions form, without a code; dates and windows on the restaurant's clock.
export default async function OperatorOffersPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperatorPage();
  const id = pageId((await params).id);
  const restaurant = await orNotFound(getRestaurant(id));
  const [offers, menu, currency, t, words, locale] = await Promise.all([
    listPlatformOffers(operator, id),
    offerMenu(id),
    promotionsCurrency(id),
    getT("admin"),
    getWords("kitchen"),
    requestLocale(),
  ]);
  const now = new Date();
  return (
    <>
      <p>
        <Link href="/admin/restaurants">{t("restaurants.title")}</Link>
      </p>
      <h1>{t("restaurants.offersHeading", { name: restaurant.name })}</h1>
      <p>{t("restaurants.offersText")}</p>
      <LazyPromotionsManager
        restaurantId={id}
        timeZone={parseOpeningHours(restaurant).timeZone}
        initial={offers.map((p) => promotionToJson(p.promotion, currency, p.results, now, locale))}
        nextOffset={null}
        words={words.promotions}
        locale={locale}
        menu={menu}
        platform
        {...(currency !== "USD" && { currency })}
      />
    </>
  );
}
