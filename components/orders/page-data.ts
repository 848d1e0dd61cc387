import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { routeId } from "@/components/browse/page-data";
import { findOwnOrderDetail, type OrderDetail } from "@/lib/server/orders/read";
import { requirePageUser } from "@/lib/server/session";

/**
 * The signed-in user's order behind /orders/{id} (metadata and page share one read). Anonymous
 * visitors go to /login; a junk id, an unknown one and another user's order are the same 404.
 */
export const findOrderDetail = cache(async (raw: string): Promise<OrderDetail> => {
  const user = await requirePageUser();
  const detail = await findOwnOrderDetail(user, routeId(raw));
  if (!detail) notFound();
  return detail;
});
