"use client";
import { useSyncExternalStore } from "react";
import { readReorderNotice } from "./current-order";

const noSubscription = () => () => undefined;
/** The reorder notice for an order, read once per order (a snapshot must not change between reads). */
const reorderNotices = new Map<number, ReturnType<typeof readReorderNotice>>();
function reorderNoticeOf(orderId: number) {
  if (!reorderNotices.has(orderId)) reorderNotices.set(orderId, readReorderNotice(orderId));
  return reorderNotices.get(orderId)!;
}

/** The checkout's reorder notice: in this tab's sessionStorage, so none in the server's render, read once the form has hydrated. */
export function useReorderNotice(orderId: number) {
  return useSyncExternalStore(
    noSubscription,
    () => reorderNoticeOf(orderId),
    () => null,
  );
}
