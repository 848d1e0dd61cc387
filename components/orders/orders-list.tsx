"use client";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { ShowMore } from "@/components/browse/show-more";
import { usePagedList, type Page } from "@/components/browse/use-paged-list";
import { api } from "@/lib/client/api";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { ORDERS_PAGE_SIZE } from "./format";
import { PLACED_ORDER_KEY } from "./placed-order";
import { OrderCard } from "./order-card";
import styles from "./orders.module.css";

const noSubscription = () => () => undefined;

async function fetchOrders(offset: number): Promise<Page<OrderJson>> {
  const { orders } = await api<{ orders: OrderJson[] }>(`/api/orders/?limit=${ORDERS_PAGE_SIZE + 1}&offset=${offset}`);
  return { items: orders.slice(0, ORDERS_PAGE_SIZE), nextOffset: orders.length > ORDERS_PAGE_SIZE ? offset + ORDERS_PAGE_SIZE : null };
}

/** The server-rendered first page of orders (newest first) and "Show more". */
export function OrdersList({ first }: { first: Page<OrderJson> }) {
  const { items, setItems, hasMore, loading, loadMore } = usePagedList(first, fetchOrders, "Could not load more orders. Please try again");
  // The order checkout just placed (this tab's sessionStorage; none in the server's render):
  // highlighted at the top during this visit of the list.
  const placed = Number(
    useSyncExternalStore(
      noSubscription,
      () => sessionStorage.getItem(PLACED_ORDER_KEY),
      () => null,
    ),
  );
  useEffect(() => () => sessionStorage.removeItem(PLACED_ORDER_KEY), []);
  const replace = useCallback((next: OrderJson) => setItems((list) => list.map((o) => (o.id === next.id ? next : o))), [setItems]);

  return (
    <>
      <ul className={styles.list} aria-label="Your orders">
        {items.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onChange={replace} justPlaced={placed > 0 && order.id === placed} />
          </li>
        ))}
      </ul>
      {hasMore && <ShowMore label="Show more orders" loading={loading} onLoad={loadMore} noun="orders" />}
    </>
  );
}
