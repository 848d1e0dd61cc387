import "server-only";
import type { DeliveryJob } from "@/lib/generated/prisma/client";
import { promisedReadyAt, waitPayFrom, waitPayMinutes } from "@/lib/shared/money/wait-pay";
import { arrivedAway } from "../dispatch/stop-flag";
import { flagsOf } from "@/lib/shared/words/stored-texts";
import { account, post } from "../ledger/post";
import { config } from "../platform/config";
import type { Tx } from "../platform/db";
import { sqlOf } from "../platform/sql";
import type { PickupFacts } from "./queries";

/** An order's wait pay entry: one per order, however many pickups race (the ledger's key). */
export const waitPayKey = (orderId: number) => `order:${orderId}:wait`;

/**
 * In the pickup's transaction (picked-up.ts), after the job moved, with its order's facts (queries.ts): the courier's wait at the
 * restaurant paid from the restaurant's balance (lib/shared/money/wait-pay.ts has the rule): the
 * minutes from the later of the arrival and the promised ready time (acceptance plus the
 * kitchen's estimate, before any minutes it added) plus the grace, to the kitchen's ready mark or
 * this pickup. Nothing for an arrival marked away from the restaurant, or a job with no
 * restaurant. The restaurant's balance may go below zero (the order's own settlement follows).
 */
export async function payWait(tx: Tx, job: DeliveryJob, now: Date, order: Pick<PickupFacts, "acceptedAt" | "prepMinutes" | "readyAt"> | undefined): Promise<number> {
  const rule = config().dispatch.waitPay;
  if (rule.centsPerMinute <= 0 || !job.arrivedAt || job.restaurantId === null || job.courierId === null || arrivedAway(flagsOf(job.flags))) return 0;
  if (!order?.acceptedAt || order.prepMinutes === null) return 0;
  const promised = promisedReadyAt(order.acceptedAt, order.prepMinutes);
  const readyMark = order.readyAt;
  const until = readyMark && readyMark < now ? readyMark : now;
  const minutes = waitPayMinutes(waitPayFrom(job.arrivedAt, promised, rule), until, rule);
  if (!minutes) return 0;
  const cents = minutes * rule.centsPerMinute;
  const restaurant = account.restaurant(job.restaurantId);
  const posted = await post(sqlOf(tx), {
    kind: "wait",
    key: waitPayKey(job.orderId),
    orderId: job.orderId,
    lines: [
      { account: restaurant, amountCents: -cents },
      { account: account.courier(job.courierId), amountCents: cents },
    ],
    overdraw: [restaurant],
    now,
  });
  if (!posted) return 0;
  await tx.deliveryJob.update({ where: { id: job.id }, data: { waitPayCents: cents } });
  return cents;
}
