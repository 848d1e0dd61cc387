import { checkoutGroup } from "@/lib/server/group-orders/checkout";
import { prismaOf } from "@/lib/server/platform/sql";
import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";

export const POST = handle("POST /api/group-orders/{token}/checkout", async ({ user, params, body, idempotent }) => {
  const answer = await idempotent(async (sql) => ({ status: 200, body: await checkoutGroup(prismaOf(sql), user, params.token, body) }), { prisma: true });
  return json(answer.body, answer.status);
});
