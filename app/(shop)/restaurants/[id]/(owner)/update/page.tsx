import type { Metadata } from "next";
import { OWNER_DELIVERY_FEE_HINT } from "@/components/browse/delivery-fee";
import { BackLink } from "@/components/owner/back-link";
import { restaurantFormValues, restaurantOpeningValues } from "@/components/owner/form-values";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { RestaurantForm } from "@/components/owner/restaurant-form";
import { LazyRestaurantSettings } from "@/components/owner/restaurant-settings-lazy";
import { PageHeader } from "@/components/ui/page-header";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { DEMO_PHOTOS } from "@/lib/shared/demo-photos";
import { getWords } from "@/lib/i18n/translate";

export const metadata: Metadata = { title: "Update restaurant" };

export default async function UpdateRestaurantPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await ownedRestaurantFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const restaurant = restaurantToJson(access.restaurant);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">Your restaurants</BackLink>
      <PageHeader title="Update restaurant" subtitle={restaurant.name} />
      <RestaurantForm
        demoPhotos={DEMO_PHOTOS}
        restaurantId={restaurant.id}
        initial={restaurantFormValues(restaurant)}
        initialOpening={restaurantOpeningValues(restaurant)}
        deliveryFeeHint={OWNER_DELIVERY_FEE_HINT}
      />
      <LazyRestaurantSettings
        restaurantId={restaurant.id}
        capacityPer15={access.restaurant.capacityPer15}
        startCookingMinutes={access.restaurant.startCookingMinutes}
        minOrder={restaurant.minOrder}
        freeDeliveryOver={restaurant.freeDeliveryOver}
        kitchenWords={(await getWords("kitchen")).settings}
      />
    </div>
  );
}
