import type { Metadata } from "next";
import { OWNER_DELIVERY_FEE_HINT } from "@/components/browse/delivery-fee";
import { BackLink } from "@/components/owner/back-link";
import { RestaurantForm } from "@/components/owner/restaurant-form";
import { PageHeader } from "@/components/ui/page-header";
import { DEMO_PHOTOS } from "@/lib/shared/demo-photos";
import { NEW_RESTAURANT_OPENING } from "@/lib/shared/opening-hours";
import { requireAccountPage } from "@/lib/server/web/page";
import { ConsentLine } from "@/components/legal/consent-line";
import { ACCEPTED_AT } from "@/lib/shared/legal";

export const metadata: Metadata = { title: "Add your restaurant" };

export default async function NewRestaurantPage() {
  const user = await requireAccountPage();
  return (
    <div className="container">
      {user.restaurantOwner && <BackLink href="/restaurants/manage">Your restaurants</BackLink>}
      <PageHeader title="Add your restaurant" subtitle="Tell customers what you cook, where you are and how fast you deliver." />
      <RestaurantForm demoPhotos={DEMO_PHOTOS} initialOpening={NEW_RESTAURANT_OPENING} deliveryFeeHint={OWNER_DELIVERY_FEE_HINT} />
      {/* Adding the restaurant accepts the partner agreement in effect (lib/server/restaurants/manage.ts). */}
      <ConsentLine step="restaurant" kinds={ACCEPTED_AT.restaurant} />
    </div>
  );
}
