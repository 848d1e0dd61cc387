import "server-only";
import { createHash } from "node:crypto";
import { TEST_BANK_ACCOUNTS, TEST_ROUTING_NUMBER, bankDetailsErrors, type TestBankBehavior } from "@/lib/shared/money/payout-banks";
import { config } from "../../../platform/config";
import { ApiError } from "../../../platform/errors";
import { sqlTransaction, type Sql } from "../../../platform/sql";
import type { BankDetailsInput, PaymentProvider, PayoutAccount, ProviderEvent, ProviderRecord } from "../provider";
import {
  capturedIntentsSince,
  insertEvent,
  insertPayout,
  pauseAccount,
  payoutsSince,
  readAccount,
  readPayout,
  settleDuePayouts,
  upsertAccount,
  verifyDueAccounts,
} from "./queries/payouts";
import { said, word } from "@/lib/shared/words/said";

// The built-in test provider's payout accounts and payouts (docs/architecture/payouts.md), its
// side of Stripe Connect in test mode, offline: its own tables (TestProviderPayoutAccount,
// TestProviderPayout), so its state survives a restart. The bank account number is read once, to
// pick the test behaviour, and dropped (its last four kept). An account is pending until
// verification lands TEST_PAYMENTS_WEBHOOK_DELAY_MS later (advanceTestPayouts, run by the
// payments.test-webhooks job before it sends events); a payout is paid (or fails) as long after it
// was made. Each of those moves is one conditional UPDATE (status still pending) written with its
// event (id derived from the move, INSERT ... ON CONFLICT DO NOTHING), sent as a signed webhook.

export const keyedId = (prefix: string, key: string) => `${prefix}_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;
const delayMs = () => config().payments.webhookDelayMs;

/** An event without its id (ProviderEvent's kinds, each). */
type EventBody = ProviderEvent extends infer E ? (E extends unknown ? Omit<E, "id"> : never) : never;

/** The event of a move, signed and sent by deliverTestWebhooks once due; its id from the move, so a repeated move writes none. */
export async function writeEvent(sql: Sql, key: string, event: EventBody, objectId: string, deliverAfter: Date): Promise<void> {
  const id = keyedId("evt", key);
  await insertEvent(sql, { id, type: event.type, objectId, payload: JSON.stringify({ id, ...event }), deliverAfter });
}

/** The bank details checked as the form does, and only the documented test accounts taken (as a real test mode does): their behaviour. */
function behaviorOf(input: BankDetailsInput): TestBankBehavior {
  const errors = bankDetailsErrors(input);
  const routing = input.routingNumber.replace(/\s/g, "");
  const number = input.accountNumber.replace(/\s/g, "");
  if (!errors.routingNumber && routing !== TEST_ROUTING_NUMBER) errors.routingNumber = `Use the test routing number ${TEST_ROUTING_NUMBER}.`;
  const known = TEST_BANK_ACCOUNTS.find((account) => account.number === number);
  if (!errors.accountNumber && !known) errors.accountNumber = "Your account number is not a test account. Use a test account such as 000123456789.";
  const first = Object.values(errors)[0];
  if (first) throw new ApiError("bad_request", first, errors);
  return known!.behavior;
}

async function saveAccount(id: string, input: BankDetailsInput, now = new Date()): Promise<PayoutAccount> {
  const behavior = behaviorOf(input);
  const number = input.accountNumber.replace(/\s/g, "");
  const verifyAfter = behavior === "stays_pending" ? null : new Date(now.getTime() + delayMs());
  return sqlTransaction(async (sql) => {
    await upsertAccount(sql, { id, behavior, holderName: input.holderName.trim(), routingNumber: TEST_ROUTING_NUMBER, bankLast4: number.slice(-4), verifyAfter }, now);
    return (await readAccount(sql, id))!;
  });
}

/**
 * The test provider's clock: accounts whose verification is due are verified (payouts enabled),
 * payouts due are paid, or fail for an account whose test number says so (and that account's
 * payouts are paused until new details, as Stripe disables an external account a payout bounced
 * from). Each with its event, due at once. Safe in every instance at once: conditional UPDATEs.
 */
export async function advanceTestPayouts(now = new Date()): Promise<number> {
  return sqlTransaction(async (sql) => {
    const verified = await verifyDueAccounts(sql, now);
    for (const account of verified)
      await writeEvent(sql, `account.updated:${account.id}:verified:${now.getTime()}`, { type: "account.updated", account }, account.id, now);
    const settled = await settleDuePayouts(sql, now);
    for (const payout of settled) {
      await writeEvent(sql, `payout:${payout.id}:${payout.status}`, { type: payout.status === "paid" ? "payout.paid" : "payout.failed", payout }, payout.id, now);
      if (payout.status !== "failed") continue;
      const paused = await pauseAccount(sql, payout.accountId, now);
      if (paused) await writeEvent(sql, `account.updated:${paused.id}:restricted:${payout.id}`, { type: "account.updated", account: paused }, paused.id, now);
    }
    return verified.length + settled.length;
  });
}

/** The payout half of the test provider (spread into testProvider, provider.ts). */
export const testPayouts: Pick<
  PaymentProvider,
  "createPayoutAccount" | "updatePayoutAccount" | "retrievePayoutAccount" | "createPayout" | "retrievePayout" | "listRecords"
> = {
  async createPayoutAccount(input) {
    const id = keyedId("acct", input.idempotencyKey);
    const existing = await sqlTransaction((sql) => readAccount(sql, id));
    return existing ?? saveAccount(id, input);
  },

  async updatePayoutAccount(accountId, input) {
    if (!(await sqlTransaction((sql) => readAccount(sql, accountId)))) throw new ApiError("not_found", said("messages.notFound", { what: word("payoutAccount") }));
    return saveAccount(accountId, input);
  },

  retrievePayoutAccount(accountId) {
    return sqlTransaction((sql) => readAccount(sql, accountId));
  },

  async createPayout({ accountId, amountCents, idempotencyKey, currency }) {
    const id = keyedId("po", idempotencyKey);
    const now = new Date();
    return sqlTransaction(async (sql) => {
      const existing = await readPayout(sql, id);
      if (existing) return existing;
      const account = await readAccount(sql, accountId);
      if (!account) throw new ApiError("not_found", said("messages.notFound", { what: word("payoutAccount") }));
      if (!account.payoutsEnabled) throw new ApiError("conflict", said("rules.handlers.payoutsDisabled"));
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new ApiError("bad_request", said("messages.amountPositive"), { amountCents: said("messages.amountPositive") });
      await insertPayout(sql, { id, accountId, amountCents, currency, settleAfter: new Date(now.getTime() + delayMs()) }, now);
      return (await readPayout(sql, id))!;
    });
  },

  retrievePayout(payoutId) {
    return sqlTransaction((sql) => readPayout(sql, payoutId));
  },

  async listRecords(since) {
    return sqlTransaction(async (sql) => {
      const intents = await capturedIntentsSince(sql, since);
      const payouts = await payoutsSince(sql, since);
      const records: ProviderRecord[] = [];
      for (const row of intents) {
        records.push({ kind: "capture", objectId: row.id, amountCents: row.capturedCents, at: row.updatedAt });
        if (row.refundedCents > 0) records.push({ kind: "refund", objectId: row.id, amountCents: row.refundedCents, at: row.updatedAt });
      }
      for (const row of payouts) records.push({ kind: "payout", objectId: row.id, amountCents: row.status === "paid" ? row.amountCents : 0, at: row.updatedAt });
      return records;
    });
  },
};
