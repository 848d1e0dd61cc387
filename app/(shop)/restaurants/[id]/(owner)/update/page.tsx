import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { restaurantFormValues, restaurantOpeningValues } from "@/components/owner/form-values";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { RestaurantForm } from "@/components/owner/restaurant-form";
import { LazyRestaurantSettings } from "@/components/owner/restaurant-settings-lazy";
import { LazyPrintersManager } from "@/components/owner/printers-manager-lazy";
import { config } from "@/lib/server/platform/config";
import { LazyPosPanel } from "@/components/owner/pos/pos-panel-lazy";
import { PageHeader } from "@/components/ui/page-header";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { marketFacts } from "@/lib/server/markets/markets";
import { DEMO_PHOTOS } from "@/lib/shared/demo/demo-photos";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { deliveryFeeHint, restaurantFormWords } from "@/components/owner/restaurant-form-words";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("restaurantForm.updateTitle") };
}

export default async function UpdateRestaurantPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await ownedRestaurantFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const [t, locale, { distanceUnit, currency }] = await Promise.all([getT("menus"), requestLocale(), marketFacts(access.restaurant.marketId)]);
  const restaurant = restaurantToJson(access.restaurant, currency);
  const words = await restaurantFormWords(locale, distanceUnit);
  const [kitchen, menus] = await Promise.all([getWords("kitchen"), getWords("menus")]);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">{t("common.yourRestaurants")}</BackLink>
      <PageHeader title={t("restaurantForm.updateTitle")} subtitle={restaurant.name} />
      <RestaurantForm
        demoPhotos={DEMO_PHOTOS}
        restaurantId={restaurant.id}
        initial={restaurantFormValues(restaurant, distanceUnit, currency)}
        initialOpening={restaurantOpeningValues(restaurant)}
        deliveryFeeHint={deliveryFeeHint(t, locale)}
        words={words}
        locale={locale}
      />
      <LazyRestaurantSettings
        restaurantId={restaurant.id}
        capacityPer15={access.restaurant.capacityPer15}
        startCookingMinutes={access.restaurant.startCookingMinutes}
        minOrder={restaurant.minOrder}
        freeDeliveryOver={restaurant.freeDeliveryOver}
        kitchenWords={kitchen.settings}
        pricingWords={words.pricing}
        locale={locale}
        {...(currency !== "USD" && { currency })}
      />
      <LazyPrintersManager
        restaurantId={restaurant.id}
        timeZone={access.restaurant.timeZone}
        locale={locale}
        silentMs={config().printerSilentMs}
        words={kitchen.printers}
        status={kitchen.printerStatus}
      />
      <LazyPosPanel restaurantId={restaurant.id} timeZone={access.restaurant.timeZone} locale={locale} words={kitchen.pos} file={menus.file} />
    </div>
  );
}
