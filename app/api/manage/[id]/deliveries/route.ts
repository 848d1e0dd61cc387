import { flushPositions } from "@/lib/server/dispatch/position-batch";
import { acceptDelivery } from "@/lib/server/deliveries/accept";
import { readDelivery } from "@/lib/server/deliveries/read";
import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";
import { prismaOf } from "@/lib/server/platform/sql";

export const POST = handle("POST /api/manage/{id}/deliveries", async ({ user, params, body, idempotent }) => {
  // The job is offered in the accept's transaction, from the table: the free couriers' waiting
  // positions go there first (as an order's accept does: orders/accept.ts).
  await flushPositions();
  const answer = await idempotent(
    async (sql) => ({ status: 201, body: await readDelivery(user, params.id, await acceptDelivery(sql, user, params.id, body), prismaOf(sql)) }),
    { prisma: true },
  );
  return json(answer.body, answer.status);
});
