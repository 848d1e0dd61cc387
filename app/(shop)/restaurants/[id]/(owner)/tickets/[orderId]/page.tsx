import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { KitchenTicket } from "@/components/owner/kitchen-ticket";
import { getIncomingOrder } from "@/lib/server/orders/incoming";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { withActions } from "@/lib/server/owners/order-actions";
import { orNotFound, pageId } from "@/lib/server/web/page";
import { teamRestaurantFor } from "@/lib/server/web/page-data";

export const metadata: Metadata = { title: "Kitchen ticket" };

// One order's printable kitchen ticket, opened from the board's "Print ticket":
// the owner's only (the (owner) layout: someone else's restaurant is the 404 page; an order of
// another restaurant is too). The print stylesheet leaves everything but the ticket off paper.
export default async function KitchenTicketPage({ params }: { params: Promise<{ id: string; orderId: string }> }) {
  const { id, orderId } = await params;
  const { user, restaurant } = await teamRestaurantFor(id, "staff");
  const [order] = await withActions([incomingOrderToJson(await orNotFound(getIncomingOrder(user, restaurant.id, pageId(orderId))))]);
  return (
    <div className="container">
      <KitchenTicket
        order={order}
        restaurantName={restaurant.name}
        timeZone={restaurant.timeZone}
        back={<BackLink href={`/restaurants/${restaurant.id}/orders`}>Order board</BackLink>}
      />
    </div>
  );
}
