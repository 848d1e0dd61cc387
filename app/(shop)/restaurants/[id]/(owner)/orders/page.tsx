import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { IncomingOrders } from "@/components/owner/incoming-orders";
import { ownedRestaurantFor } from "@/lib/server/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_SIZE } from "@/lib/constants";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { listIncomingOrders } from "@/lib/server/orders/incoming";

export const metadata: Metadata = { title: "Incoming orders" };

export default async function IncomingOrdersPage({ params }: { params: Promise<{ id: string }> }) {
  const { user, restaurant } = await ownedRestaurantFor((await params).id);
  const orders = await listIncomingOrders(user, restaurant.id, { limit: PAGE_SIZE.default, offset: 0 });
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">Your restaurants</BackLink>
      <PageHeader title="Incoming orders" subtitle={`${restaurant.name} · submitted orders, newest first`} />
      <IncomingOrders restaurantId={restaurant.id} initial={orders.map(incomingOrderToJson)} pageSize={PAGE_SIZE.default} />
    </div>
  );
}
