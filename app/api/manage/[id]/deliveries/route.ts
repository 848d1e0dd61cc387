import { flushPositions } from "@/lib/server/dispatch/position-batch";
import { acceptDelivery } from "@/lib/server/deliveries/accept";
import { requestDelivery } from "@/lib/server/deliveries/pay";
import { readDelivery } from "@/lib/server/deliveries/read";
import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";
import { prismaOf } from "@/lib/server/platform/sql";

export const POST = handle("POST /api/manage/{id}/deliveries", async ({ user, params, body, idempotent }) => {
  // A retry of an answered request replays it before anything is charged (the card is authorized before the accept).
  const replayed = await idempotent.replayed();
  if (replayed) return json(replayed.body, replayed.status);
  // The job is offered in the accept's transaction, from the table: the free couriers' waiting
  // positions go there first (as an order's accept does: orders/accept.ts).
  await flushPositions();
  // Paid up front (deliveries/pay.ts): from the restaurant's earnings or the owner's card.
  const answer = await requestDelivery(user, params.id, body, (payment) =>
    idempotent(async (sql) => ({ status: 201, body: await readDelivery(user, params.id, await acceptDelivery(sql, user, params.id, body, payment), prismaOf(sql)) }), {
      prisma: true,
    }),
  );
  return json(answer.body, answer.status);
});
