import "server-only";
import { failureKeyOf, type FailureReasonCode } from "@/lib/shared/delivery/delivery";
import { endedWithoutFood, transition, wrongStage } from "../orders/transition";
import type { Courier } from "../dispatch/courier";
import { insertOrderEvents } from "../order-events/write";
import { orderEvent } from "../dispatch/events";
import { releaseHold } from "../dispatch/hold";
import { jobJson, type JobJson } from "../dispatch/read";
import { courierJobMove, wrongJobState } from "../dispatch/transition";
import { evaluateRecord } from "../courier-record/standing";
import { reasonColumns, type StoredReason } from "@/lib/shared/words/stored-texts";

/** What the customer reads on their canceled order ("The courier could not deliver this order: Couldn't reach you"): a reason from the fixed list, never the courier's own words. */
export const failedDeliveryReason = (code: FailureReasonCode): StoredReason => ({ key: "courierFailed", values: { reason: failureKeyOf(code) } });

/**
 * picked_up -> failed (the customer was unreachable, ...): the order is canceled with the reason's
 * key and refunded by the one refund rule (endedWithoutFood); the courier is not paid. The
 * courier's note is kept on the job for the operators only (operators/deliveries.ts): it reaches
 * neither the order JSON, nor the event stream, nor the customer's mail.
 */
export function failedJob(courier: Courier, jobId: number, input: { reason: FailureReasonCode; note?: string }, now = new Date()): Promise<JobJson> {
  // Stored by its key (the job's failureKey, the event's `failure`): each reader writes it in their words.
  const failure = { key: failureKeyOf(input.reason) };
  const note = input.note?.trim() || null;
  return courierJobMove(
    courier,
    jobId,
    {
      from: ["picked_up"],
      data: { state: "failed", failureKey: failure.key, failureNote: note, closedAt: now },
      conflict: (current) => wrongJobState(current, "markedFailed"),
    },
    async ({ tx, sql, job }) => {
      const order = await transition(
        tx,
        job.orderId,
        { any: true },
        {
          from: { stage: "out_for_delivery" },
          to: "canceled",
          data: { ...reasonColumns(failedDeliveryReason(input.reason)), closedAt: now },
          conflict: (current) => wrongStage(current, "canceled"),
          now,
        },
      );
      await endedWithoutFood(tx, order);
      await releaseHold(sql, courier.id, now);
      await insertOrderEvents(sql, [orderEvent(job, "delivery_failed", { failure })], now);
      // The record's rules at the event: a warning (or, after one, a suspension) in the same transaction.
      await evaluateRecord(tx, courier.id, now);
      return jobJson(sql, job.id, courier.id);
    },
  );
}
