import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { RestaurantForm } from "@/components/owner/restaurant-form";
import { PageHeader } from "@/components/ui/page-header";
import { DEMO_PHOTOS } from "@/lib/shared/demo/demo-photos";
import { NEW_RESTAURANT_OPENING } from "@/lib/shared/time/opening-hours";
import { requireAccountPage } from "@/lib/server/web/page";
import { DEFAULT_MARKET_ID, marketFacts } from "@/lib/server/markets/markets";
import { ConsentLine } from "@/components/legal/consent-line";
import { ACCEPTED_AT } from "@/lib/shared/people/legal";
import { getT, requestLocale } from "@/lib/i18n/translate";
import { deliveryFeeHint, restaurantFormWords } from "@/components/owner/restaurant-form-words";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("restaurantForm.newTitle") };
}

export default async function NewRestaurantPage() {
  const user = await requireAccountPage();
  // A new restaurant opens in the default market (operators move it before its first order).
  const [t, locale, { distanceUnit }] = await Promise.all([getT("menus"), requestLocale(), marketFacts(DEFAULT_MARKET_ID)]);
  const words = await restaurantFormWords(locale, distanceUnit);
  return (
    <div className="container">
      {user.restaurantOwner && <BackLink href="/restaurants/manage">{t("common.yourRestaurants")}</BackLink>}
      <PageHeader title={t("restaurantForm.newTitle")} subtitle={t("restaurantForm.newSubtitle")} />
      <RestaurantForm demoPhotos={DEMO_PHOTOS} initialOpening={NEW_RESTAURANT_OPENING} deliveryFeeHint={deliveryFeeHint(t, locale)} words={words} locale={locale} />
      {/* Adding the restaurant accepts the partner agreement in effect (lib/server/restaurants/manage.ts). */}
      <ConsentLine step="restaurant" kinds={ACCEPTED_AT.restaurant} />
    </div>
  );
}
