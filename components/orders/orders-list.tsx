"use client";
import { useCallback } from "react";
import { ShowMore } from "@/components/browse/show-more";
import { usePagedList, type Page } from "@/components/browse/use-paged-list";
import { api } from "@/lib/client/api";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { ORDERS_PAGE_SIZE } from "./format";
import { OrderCard } from "./order-card";
import styles from "./orders.module.css";

async function fetchOrders(offset: number): Promise<Page<OrderJson>> {
  const { orders } = await api<{ orders: OrderJson[] }>(`/api/orders/?limit=${ORDERS_PAGE_SIZE + 1}&offset=${offset}`);
  return { items: orders.slice(0, ORDERS_PAGE_SIZE), nextOffset: orders.length > ORDERS_PAGE_SIZE ? offset + ORDERS_PAGE_SIZE : null };
}

/** The server-rendered first page of orders (newest first) and "Show more". */
export function OrdersList({ first }: { first: Page<OrderJson> }) {
  const { items, setItems, hasMore, loading, loadMore } = usePagedList(first, fetchOrders, "Could not load more orders. Please try again");
  const replace = useCallback((next: OrderJson) => setItems((list) => list.map((o) => (o.id === next.id ? next : o))), [setItems]);

  return (
    <>
      <ul className={styles.list} aria-label="Your orders">
        {items.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onChange={replace} />
          </li>
        ))}
      </ul>
      {hasMore && <ShowMore label="Show more orders" loading={loading} onLoad={loadMore} noun="orders" />}
    </>
  );
}
