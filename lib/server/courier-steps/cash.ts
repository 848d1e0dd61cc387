import "server-only";
import { said, word } from "@/lib/shared/words/said";
import { postCollection } from "../cash/ledger";
import { courierHeldJob, markCollected, markRefused, orderCash } from "../cash/queries";
import type { Courier } from "../dispatch/courier";
import { jobJson, type JobJson } from "../dispatch/read";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { sqlOf, sqlTransaction, type Sql } from "../platform/sql";
import { failedJob } from "./failed";

// A cash order at the door (docs/architecture/ledger.md "Cash at the door"): the courier collects the total (the job
// picked up) before marking it delivered, or reports that the customer refused to pay.

/** The courier's picked-up cash job, else the 404 (not theirs) or 409 (another order, or not picked up). */
async function heldCashJob(sql: Sql, courier: Courier, jobId: number) {
  const job = await courierHeldJob(sql, jobId, courier.id);
  if (!job) throw notFound(said("messages.notFound", { what: word("job") }));
  const cash = await orderCash(sql, job.orderId);
  if (cash?.paymentMethod !== "cash") throw conflict(said("messages.cashNotCash"));
  if (job.state !== "picked_up") throw conflict(said("messages.cashNotPickedUp"));
  return { ...job, cash };
}

/**
 * POST /api/courier/jobs/{id}/cash: the total collected, in one transaction: the order's
 * conditional mark (of two taps at once, one matches; the other is the 409) and the entry moving
 * the total from the courier's cash account into clearing (cash/ledger.ts).
 */
export function collectCash(courier: Courier, jobId: number, now = new Date()): Promise<JobJson> {
  return db.$transaction(async (tx) => {
    const sql = sqlOf(tx);
    const job = await heldCashJob(sql, courier, jobId);
    if (!(await markCollected(sql, job.orderId, now))) throw conflict(said("messages.cashCollectedAlready"));
    await postCollection(sql, { id: job.orderId, totalCents: job.cash.totalCents }, courier.id, now);
    return jobJson(sql, jobId, courier.id);
  });
}

/**
 * POST /api/courier/jobs/{id}/cash-refused: the delivery fails as any failed delivery (the order
 * canceled, nothing was collected, so nothing moves) and the refusal is marked on the order for the
 * operators (GET /api/admin/cash), who may limit the customer to cards.
 */
export async function refuseCash(courier: Courier, jobId: number, now = new Date()): Promise<JobJson> {
  await sqlTransaction(async (sql) => {
    const job = await heldCashJob(sql, courier, jobId);
    if (job.cash.cashCollectedAt) throw conflict(said("messages.cashCollectedAlready"));
  });
  const failed = await failedJob(courier, jobId, { reason: "other", note: "The customer refused to pay cash" }, now);
  await sqlTransaction((sql) => markRefused(sql, failed.orderId, now));
  return failed;
}

/** Inside the delivered step's transaction: a cash order is delivered only once its cash is collected (409 naming `cash`). */
export async function assertCashCollected(sql: Sql, orderId: number): Promise<void> {
  const cash = await orderCash(sql, orderId);
  if (cash?.paymentMethod === "cash" && !cash.cashCollectedAt) throw conflict(said("messages.cashNotCollected"), { cash: said("messages.cashNotCollected") });
}
