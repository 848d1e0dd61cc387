import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { PromotionsManager } from "@/components/owner/promotions/promotions-manager";
import { PageHeader } from "@/components/ui/page-header";
import { listPromotions, promotionToJson } from "@/lib/server/promotions/manage";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";

export const metadata: Metadata = { title: "Promotions" };

// The owner's promotions (docs/architecture/promotions.md): codes and automatic offers, created,
// edited and deleted here through /api/manage/{id}/promotions. Someone else's restaurant is the 404 page.
export default async function PromotionsPage({ params }: { params: Promise<{ id: string }> }) {
  const { user, restaurant } = await ownedRestaurantFor((await params).id);
  const promotions = (await listPromotions(user, restaurant.id)).map(promotionToJson);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">Your restaurants</BackLink>
      <PageHeader title="Promotions" subtitle={`${restaurant.name} · discounts are paid by the restaurant`} />
      <PromotionsManager restaurantId={restaurant.id} initial={promotions} />
    </div>
  );
}
