import { idempotencyKeyOf, idempotent } from "@/lib/server/web/idempotency";
import { clientAddress, json, parseBody, parseQuery, route } from "@/lib/server/web/http";
import { config } from "@/lib/server/platform/config";
import { withPromoCodeGuard } from "@/lib/server/promotions/guesses";
import { createOrder } from "@/lib/server/orders/create";
import { placeOrder } from "@/lib/server/orders/place";
import { payByCard } from "@/lib/server/payments/checkout";
import { listOrdersJson } from "@/lib/server/orders/read";
import { orderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";
import { placeOrderSchema } from "@/lib/validation/orders";

// GET /api/orders/ - the caller's orders, newest first; ?limit=&offset= (with the group orders
// they took part in that someone else placed, each carrying their share in group.member)
export const GET = route(async (request) => {
  const paging = parseQuery(request, pagingSchema);
  const user = await requireUser();
  return json({ orders: await listOrdersJson(user, paging) });
});

// POST /api/orders/ - { restaurant_id, items: [{ menu_item_id, quantity }] } -> 201 an Active order.
// With `submit` (PUT /api/orders/{id}/submit's body) -> 201 the order created and submitted (for
// wallet: charged; for card: authorized first, lib/server/payments/checkout.ts, a decline or 3-D Secure challenge a 402) in one transaction; `submit.promoCode` takes a promotion (docs/architecture/promotions.md). An Idempotency-Key header makes a retry return the first answer.
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, placeOrderSchema);
  const { submit } = input;
  const key = idempotencyKeyOf(request);
  const answer = await withPromoCodeGuard(user.id, clientAddress(request, config().trustProxy), submit?.promoCode, "submit.promoCode", () =>
    payByCard(user, submit ?? { paymentMethod: "none" }, { prefix: "submit." }, "/checkout", () =>
      idempotent({ userId: user.id, name: "orders.create", key, request: input }, async (sql) => ({
        status: 201,
        body: orderToJson(submit ? await placeOrder(sql, user, { cart: input }, submit) : await createOrder(sql, user, input)),
      })),
    ),
  );
  return json(answer.body, answer.status);
});
