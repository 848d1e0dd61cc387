import { orderAgain } from "@/lib/server/orders/order-again";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/again", async ({ user }) =>
  (await orderAgain(user.id)).map(({ restaurant, lastOrderId, lastOrderedAt }) => ({
    restaurant: restaurantToJson(restaurant),
    lastOrderId,
    lastOrderedAt: lastOrderedAt.toISOString(),
  })),
);
