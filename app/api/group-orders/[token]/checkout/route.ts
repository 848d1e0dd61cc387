import { checkoutGroup } from "@/lib/server/group-orders/checkout";
import { payByCard } from "@/lib/server/payments/checkout";
import { idempotencyKeyOf, idempotent } from "@/lib/server/web/idempotency";
import { json, parseBody, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { prismaOf } from "@/lib/server/platform/sql";
import { submitOrderSchema } from "@/lib/validation/checkout";

// POST /api/group-orders/{token}/checkout { deliveryOption, tip | tipPercent, paymentMethod, scheduledFor?, expectedTotal? }
// (host only, group locked) -> { order, group }: the host's order of exactly the locked lines, placed and charged once.
export const POST = route<{ token: string }>(async (request, params) => {
  const user = await requireUser();
  const input = await parseBody(request, submitOrderSchema);
  const key = idempotencyKeyOf(request);
  const answer = await payByCard(user, input, { prefix: "" }, `/group/${encodeURIComponent(params.token)}`, () =>
    idempotent(
      { userId: user.id, name: `group-orders.checkout.${params.token}`, key, request: input },
      async (sql) => ({ status: 200, body: await checkoutGroup(prismaOf(sql), user, params.token, input) }),
      { prisma: true },
    ),
  );
  return json(answer.body, answer.status);
});
