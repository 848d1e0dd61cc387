import "server-only";
import { createHash } from "node:crypto";
import { config } from "../../../platform/config";
import { ApiError } from "../../../platform/errors";
import { sqlTransaction, type Sql } from "../../../platform/sql";
import type { DisputeEvidence, DisputeStatus, Intent, ProviderDispute } from "../provider";
import { disputeRowById, disputeRowsOf, insertDispute, moveDisputeRow, type TestDisputeRow } from "./queries/disputes";
import { insertEvent } from "./queries/payouts";
import { said, word } from "@/lib/shared/words/said";

// The built-in test provider's disputes (docs/architecture/payments.md "Disputes"), its side of
// Stripe's in test mode: the card 4000 0000 0000 0259 (Stripe's "disputed as fraudulent") is
// disputed right after its capture; submitted evidence is recorded and moves the dispute to
// under_review; POST /api/test-provider/disputes/{disputeId}/resolve ends it won or lost. Each move
// is one conditional UPDATE written with its event (id derived from the move, INSERT ... ON
// CONFLICT DO NOTHING), sent as a signed webhook by the payments.test-webhooks job.

const keyedId = (prefix: string, key: string) => `${prefix}_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;

/** Stripe gives a cardholder's bank's dispute about three weeks for evidence; the test provider says the same. */
const EVIDENCE_DAYS = 21;

function disputeOf(found: TestDisputeRow): ProviderDispute {
  return {
    id: found.id,
    intentId: found.intentId,
    amountCents: found.amountCents,
    reason: found.reason,
    status: found.status as DisputeStatus,
    evidenceDueBy: new Date(found.createdAt.getTime() + EVIDENCE_DAYS * 86_400_000),
  };
}

async function readDispute(sql: Sql, id: string): Promise<ProviderDispute | null> {
  const found = await disputeRowById(sql, id);
  return found ? disputeOf(found) : null;
}

/** The event of a dispute's move, due after the webhook delay (and after the capture's own event, written first). */
async function writeDisputeEvent(sql: Sql, key: string, type: string, dispute: ProviderDispute, now: Date): Promise<void> {
  const id = keyedId("evt", key);
  const payload = JSON.stringify({ id, type, dispute });
  await insertEvent(sql, { id, type, objectId: dispute.intentId, payload, deliverAfter: new Date(now.getTime() + config().payments.webhookDelayMs + 1) });
}

/** The dispute of a captured intent of the disputing card: opened once (its id from the intent), whatever the number of captures asked. */
export async function openTestDispute(intent: Intent, now = new Date()): Promise<void> {
  if (intent.status !== "succeeded" || intent.capturedCents <= 0) return;
  const id = keyedId("dp", intent.id);
  await sqlTransaction(async (sql) => {
    if (!(await insertDispute(sql, id, intent.id, intent.capturedCents, now))) return;
    await writeDisputeEvent(sql, `charge.dispute.created:${id}`, "charge.dispute.created", (await readDispute(sql, id))!, now);
  });
}

/** A move of a dispute by one conditional UPDATE (still in one of `from`), with its event; the dispute as it stands after. */
async function moveDispute(id: string, key: string, type: string, from: readonly DisputeStatus[], to: DisputeStatus, evidence: string | null): Promise<ProviderDispute> {
  return sqlTransaction(async (sql) => {
    const now = new Date();
    const moved = await moveDisputeRow(sql, id, from, to, evidence, now);
    if (!moved) {
      const current = await readDispute(sql, id);
      if (!current) throw new ApiError("not_found", said("messages.notFound", { what: word("dispute") }));
      return current;
    }
    const dispute = disputeOf(moved);
    await writeDisputeEvent(sql, `${type}:${id}:${key}`, type, dispute, now);
    return dispute;
  });
}

/** The test provider's answer to a resolution (POST /api/test-provider/disputes/{id}/resolve): won or lost, once. */
export function resolveTestDispute(id: string, outcome: "won" | "lost"): Promise<ProviderDispute> {
  return moveDispute(id, "close", "charge.dispute.closed", ["needs_response", "under_review"], outcome, null);
}

/**
 * What a dispute leaves refundable of a charge, as Stripe answers a refund: nothing while it is
 * open (null: the refund is refused, charge_disputed), the disputed amount held back once it is
 * lost, nothing held back once won or without one.
 */
export async function heldByDispute(sql: Sql, intentId: string): Promise<number | null> {
  let held = 0;
  for (const dispute of (await disputeRowsOf(sql, intentId)).map(disputeOf)) {
    if (dispute.status === "needs_response" || dispute.status === "under_review") return null;
    if (dispute.status === "lost") held += dispute.amountCents;
  }
  return held;
}

/** The test provider's side of the PaymentProvider interface's disputes. */
export const testDisputes = {
  /** The evidence recorded as sent; the dispute moves to under_review (a second submission changes nothing). */
  submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence, key: string): Promise<ProviderDispute> {
    return moveDispute(disputeId, key, "charge.dispute.updated", ["needs_response"], "under_review", JSON.stringify(evidence));
  },
};

/** A dispute event's JSON read back: its due date a Date again. */
export function reviveDispute(dispute: ProviderDispute): ProviderDispute {
  return { ...dispute, evidenceDueBy: dispute.evidenceDueBy ? new Date(dispute.evidenceDueBy) : null };
}
