import "server-only";
import { ApiError } from "@/lib/server/errors";
import { getOwnOrder } from "@/lib/server/orders/read";
import type { SessionUser } from "@/lib/server/session";
import type { ReviewJson } from "@/lib/server/reviews";
import { formatDate } from "@/lib/format-date";
import { REVIEWS_PAGE_SIZE } from "./format";
import type { ReviewableOrder } from "./new-review";
import type { ReviewPage } from "./use-review-list";

/** What the server asks for: one page plus one row that tells whether another follows. */
export const firstPageQuery = { limit: REVIEWS_PAGE_SIZE + 1, offset: 0 };

export function firstPage(rows: ReviewJson[]): ReviewPage {
  return { items: rows.slice(0, REVIEWS_PAGE_SIZE), nextOffset: rows.length > REVIEWS_PAGE_SIZE ? REVIEWS_PAGE_SIZE : null };
}

/**
 * The `orderId` of the page's query when the viewer may review it here: their own placed
 * (Submitted or Completed) order of this restaurant, not yet reviewed, and not from a restaurant
 * they own; guests cannot review (createReview's rules). Anything else, a stranger's order
 * included, quietly shows no form.
 */
export async function reviewableOrder(user: SessionUser | null, restaurantId: number, rawOrderId: unknown): Promise<ReviewableOrder | null> {
  const orderId = typeof rawOrderId === "string" && /^\d{1,10}$/.test(rawOrderId) ? Number(rawOrderId) : 0;
  if (!user || user.guestAccount || orderId < 1 || orderId > 2_147_483_647) return null;
  const order = await getOwnOrder(user, orderId).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (!order || order.restaurantId !== restaurantId || order.review || order.restaurant?.ownerId === user.id) return null;
  if (order.status !== "Submitted" && order.status !== "Completed") return null;
  const items = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  return {
    restaurantId,
    orderId,
    label: `Order #${order.id} · ${formatDate(order.createdAt)} · ${items} ${items === 1 ? "item" : "items"}`,
  };
}
