import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { KitchenTicket } from "@/components/owner/kitchen-ticket";
import { PackingPanel } from "@/components/owner/packing-panel";
import { readPacking } from "@/lib/server/orders/packing";
import { getIncomingOrder } from "@/lib/server/orders/incoming";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { withActions } from "@/lib/server/team/order-actions";
import { orNotFound, pageId } from "@/lib/server/web/page";
import { boardRestaurantFor } from "@/lib/server/web/page-data";
import { getT, getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("ticket"))("title") };
}

// One order's printable kitchen ticket, opened from the board's "Print ticket":
// its team's and its kitchen tablets' (the (board) layout: someone else's restaurant is the 404 page; an order of
// another restaurant is too). The print stylesheet leaves everything but the ticket off paper.
// In the staff member's language (the request's: their account's, set at sign-in).
export default async function KitchenTicketPage({ params }: { params: Promise<{ id: string; orderId: string }> }) {
  const { id, orderId } = await params;
  const { user, restaurant } = await boardRestaurantFor(id);
  const [order] = await withActions([incomingOrderToJson(await orNotFound(getIncomingOrder(user, restaurant.id, pageId(orderId))))]);
  // Packed and sealed: an order being prepared or ready is ticked here too, line by line, with its bags.
  const packing = order.stage === "accepted" || order.stage === "ready" ? await readPacking(user, restaurant.id, order.id) : null;
  const t = await getT("ticket");
  return (
    <div className="container">
      <KitchenTicket
        order={order}
        restaurantName={restaurant.name}
        timeZone={restaurant.timeZone}
        back={<BackLink href={`/restaurants/${restaurant.id}/orders`}>{t("back")}</BackLink>}
      />
      {packing && <PackingPanel restaurantId={restaurant.id} orderId={order.id} initial={packing} words={(await getWords("kitchen")).board.packing} />}
    </div>
  );
}
