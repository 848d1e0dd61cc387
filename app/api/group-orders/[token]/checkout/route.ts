import { checkoutGroup } from "@/lib/server/group-orders/checkout";
import { payByCard } from "@/lib/server/payments/checkout";
import { prismaOf } from "@/lib/server/platform/sql";
import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";

export const POST = handle("POST /api/group-orders/{token}/checkout", async ({ user, params, body, idempotent }) => {
  const answer = await payByCard(user, body, { prefix: "" }, `/group/${encodeURIComponent(params.token)}`, () =>
    idempotent(async (sql) => ({ status: 200, body: await checkoutGroup(prismaOf(sql), user, params.token, body) }), { prisma: true }),
  );
  return json(answer.body, answer.status);
});
