import type { Metadata } from "next";
import { OrderDetailView } from "@/components/orders/order-detail";
import { config } from "@/lib/server/platform/config";
import { findOrderDetail } from "@/lib/server/web/page-data";

type OrderPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: OrderPageProps): Promise<Metadata> {
  const { order } = await findOrderDetail((await params).id);
  return { title: `Order #${order.id}` };
}

// An order's own page: where checkout lands after "Your food will arrive soon!", and where
// each card of /orders leads.
export default async function OrderPage({ params }: OrderPageProps) {
  return <OrderDetailView detail={await findOrderDetail((await params).id)} mapTileUrl={config().mapTileUrl} />;
}
