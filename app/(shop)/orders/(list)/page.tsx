import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ORDERS_PAGE_SIZE } from "@/components/orders/format";
import { OrdersList } from "@/components/orders/orders-list";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listOrdersJson } from "@/lib/server/orders/read";
import { requirePageUser } from "@/lib/server/web/session";

export const metadata: Metadata = { title: "Orders" };

export default async function OrdersPage() {
  const user = await requirePageUser();
  // One more than a page tells whether "Show more" is needed.
  const rows = await listOrdersJson(user, { limit: ORDERS_PAGE_SIZE + 1, offset: 0 });
  const orders = rows.slice(0, ORDERS_PAGE_SIZE);
  const nextOffset = rows.length > ORDERS_PAGE_SIZE ? ORDERS_PAGE_SIZE : null;

  return (
    <div className="container">
      <PageHeader title="Orders" subtitle={orders.length ? "Newest first. Reorder a favourite, rate a meal or cancel a new order." : undefined} />
      {orders.length ? (
        <OrdersList first={{ items: orders, nextOffset }} />
      ) : (
        <EmptyState
          icon="receipt"
          title="No orders yet"
          action={
            <Link href="/home" className={buttonClass()}>
              Browse restaurants
            </Link>
          }
        >
          When you place an order, it shows up here.
        </EmptyState>
      )}
    </div>
  );
}
