import { orderAgain } from "@/lib/server/orders/order-again";
import { restaurantsToJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/again", async ({ user }) => {
  const rows = await orderAgain(user.id);
  const restaurants = await restaurantsToJson(rows.map((row) => row.restaurant));
  return rows.map(({ lastOrderId, lastOrderedAt }, i) => ({ restaurant: restaurants[i]!, lastOrderId, lastOrderedAt: lastOrderedAt.toISOString() }));
});
