"use client";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { ShowMore } from "@/components/browse/show-more";
import { usePagedList, type Page } from "@/components/browse/use-paged-list";
import { api } from "@/lib/client/api";
import { PERSONAL_STREAM, useOrderEvents } from "@/lib/client/use-order-events";
import { PAGE_SIZE } from "@/lib/shared/constants";
import type { OrderEventJson } from "@/lib/shared/orders/order-stages";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { ORDERS_PAGE_SIZE } from "./format";
import { PLACED_ORDER_KEY } from "./placed-order";
import { OrderCard, type OrdersWords } from "./order-card";
import styles from "./orders.module.css";

const noSubscription = () => () => undefined;

async function fetchOrders(offset: number): Promise<Page<OrderJson>> {
  const { orders } = await api<{ orders: OrderJson[] }>(`/api/orders/?limit=${ORDERS_PAGE_SIZE + 1}&offset=${offset}`);
  return { items: orders.slice(0, ORDERS_PAGE_SIZE), nextOffset: orders.length > ORDERS_PAGE_SIZE ? offset + ORDERS_PAGE_SIZE : null };
}

/** The person's own rows on their one stream, not their restaurants' orders (an owner's stream carries both). */
const mine = (event: OrderEventJson) => event.mine !== false;

/**
 * The server-rendered first page of orders (newest first) and "Show more". Live
 * (docs/architecture/live-order-events.md): on the page's one personal stream, every event of
 * the customer's orders (and every (re)connect) re-reads the rows shown (the newest, at most 100,
 * in one request), so each card's stage and actions follow the order: Cancel goes once the
 * restaurant accepts, Rate comes with the delivery; an order placed in another tab joins the top.
 */
export function OrdersList({ first, lang }: { first: Page<OrderJson>; /** The list's words, from the server. */ lang: OrdersWords }) {
  const { words } = lang;
  const { items, setItems, shiftOffset, hasMore, loading, loadMore } = usePagedList(first, fetchOrders, words.moreError);
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

  const shown = useRef(items);
  useEffect(() => {
    shown.current = items;
  }, [items]);
  const refresh = useCallback(async () => {
    const limit = Math.min(Math.max(shown.current.length, 1), PAGE_SIZE.max);
    const { orders } = await api<{ orders: OrderJson[] }>(`/api/orders/?limit=${limit}&offset=0`);
    const fresh = new Map(orders.map((order) => [order.id, order]));
    const newest = shown.current.reduce((max, order) => Math.max(max, order.id), 0);
    const arrived = orders.filter((order) => order.id > newest);
    setItems((list) => [...arrived.filter((order) => !list.some((o) => o.id === order.id)), ...list.map((order) => fresh.get(order.id) ?? order)]);
    if (arrived.length) shiftOffset(arrived.length);
  }, [setItems, shiftOffset]);
  useOrderEvents(PERSONAL_STREAM, { onSync: refresh, accept: mine });

  return (
    <>
      <ul className={styles.list} aria-label={words.list}>
        {items.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onChange={replace} justPlaced={placed > 0 && order.id === placed} lang={lang} />
          </li>
        ))}
      </ul>
      {hasMore && <ShowMore label={words.more} loading={loading} onLoad={loadMore} noun={words.moreNoun} />}
    </>
  );
}
