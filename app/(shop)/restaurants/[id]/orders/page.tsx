import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { OrderBoard } from "@/components/owner/order-board";
import { ownedRestaurantFor } from "@/components/owner/page-data";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Order board" };

// The restaurant's live order board (owner only: someone else's restaurant is the 404 page).
// The board reads its orders in the browser, on its first connection to the restaurant's
// event stream and after every event (components/owner/order-board.tsx).
export default async function OrderBoardPage({ params }: { params: Promise<{ id: string }> }) {
  const { restaurant } = await ownedRestaurantFor((await params).id);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">Your restaurants</BackLink>
      <PageHeader title="Order board" subtitle={`${restaurant.name} · new orders appear here as they come in`} />
      <OrderBoard restaurantId={restaurant.id} />
    </div>
  );
}
