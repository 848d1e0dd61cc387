import type { Metadata } from "next";
import { OWNER_DELIVERY_FEE_HINT } from "@/components/browse/delivery-fee";
import { BackLink } from "@/components/owner/back-link";
import { restaurantFormValues, restaurantOpeningValues } from "@/components/owner/form-values";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { RestaurantForm } from "@/components/owner/restaurant-form";
import { KitchenCapacityForm } from "@/components/owner/kitchen-capacity-form";
import { RestaurantPricingForm } from "@/components/owner/restaurant-pricing-form";
import { StartCookingForm } from "@/components/owner/start-cooking-form";
import { PageHeader } from "@/components/ui/page-header";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { DEMO_PHOTOS } from "@/lib/shared/demo-photos";

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
      <KitchenCapacityForm restaurantId={restaurant.id} initial={access.restaurant.capacityPer15} />
      <StartCookingForm restaurantId={restaurant.id} initial={access.restaurant.startCookingMinutes} />
      <RestaurantPricingForm restaurantId={restaurant.id} initial={{ minOrder: restaurant.minOrder, freeDeliveryOver: restaurant.freeDeliveryOver }} />
    </div>
  );
}
