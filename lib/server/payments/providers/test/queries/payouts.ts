import "server-only";
import { row, rowOf } from "../../../../platform/row";
import type { Sql } from "../../../../platform/sql";
import type { PayoutAccount, PayoutStatus, ProviderPayout } from "../../provider";

// The test provider's payout accounts and payouts in plain SQL (payouts.ts): their rows, the
// conditional moves of its clock (verified, paid or failed, paused), their events, and the records
// the reconciliation lists; each row shape with its decoder.

const ACCOUNT_COLUMNS = `"id", "behavior", "holderName", "routingNumber", "bankLast4", "status", "payoutsEnabled", "disabledReason", "detailsSubmitted", "currentlyDue"`;

const accountRow = rowOf({
  id: row.text,
  behavior: row.text,
  holderName: row.text,
  routingNumber: row.text,
  bankLast4: row.text,
  status: row.text,
  payoutsEnabled: row.bool,
  disabledReason: row.textOrNull,
  detailsSubmitted: row.bool,
  currentlyDue: row.text,
});

/** An account row as the provider answers it. */
function accountOf(raw: unknown): PayoutAccount {
  const { behavior: _behavior, ...found } = accountRow(raw);
  return { ...found, status: found.status as PayoutAccount["status"], currentlyDue: JSON.parse(found.currentlyDue) as string[] };
}

const PAYOUT_COLUMNS = `"id", "accountId", "amountCents", "currency", "status", "failureCode", "createdAt"`;

const payoutRow = rowOf({
  id: row.text,
  accountId: row.text,
  amountCents: row.int,
  currency: row.text,
  status: row.text,
  failureCode: row.textOrNull,
  createdAt: row.date,
});

function payoutOf(raw: unknown): ProviderPayout {
  const found = payoutRow(raw);
  return { ...found, status: found.status as PayoutStatus };
}

export async function readAccount(sql: Sql, id: string): Promise<PayoutAccount | null> {
  const [found] = await sql.all(`SELECT ${ACCOUNT_COLUMNS} FROM "TestProviderPayoutAccount" WHERE "id" = ?`, [id]);
  return found ? accountOf(found) : null;
}

export async function readPayout(sql: Sql, id: string): Promise<ProviderPayout | null> {
  const [found] = await sql.all(`SELECT ${PAYOUT_COLUMNS} FROM "TestProviderPayout" WHERE "id" = ?`, [id]);
  return found ? payoutOf(found) : null;
}

/** An event due at `deliverAfter`, written once (its id from the move). */
export async function insertEvent(sql: Sql, event: { id: string; type: string; objectId: string; payload: string; deliverAfter: Date }): Promise<void> {
  await sql.all(`INSERT INTO "TestProviderEvent" ("id", "type", "intentId", "payload", "deliverAfter") VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, [
    event.id,
    event.type,
    event.objectId,
    event.payload,
    event.deliverAfter,
  ]);
}

/** The account's details saved (new or changed), pending again until `verifyAfter` (null: never). */
export async function upsertAccount(
  sql: Sql,
  account: { id: string; behavior: string; holderName: string; routingNumber: string; bankLast4: string; verifyAfter: Date | null },
  now: Date,
): Promise<void> {
  await sql.all(
    `INSERT INTO "TestProviderPayoutAccount" ("id", "behavior", "holderName", "routingNumber", "bankLast4", "status", "payoutsEnabled", "disabledReason", "verifyAfter", "createdAt", "updatedAt")
     VALUES (?, ?, ?, ?, ?, 'pending', false, NULL, ?, ?, ?)
     ON CONFLICT ("id") DO UPDATE SET "behavior" = excluded."behavior", "holderName" = excluded."holderName", "routingNumber" = excluded."routingNumber",
       "bankLast4" = excluded."bankLast4", "status" = 'pending', "payoutsEnabled" = false, "disabledReason" = NULL, "verifyAfter" = excluded."verifyAfter", "updatedAt" = excluded."updatedAt",
       "detailsSubmitted" = true, "currentlyDue" = '[]'`,
    [account.id, account.behavior, account.holderName, account.routingNumber, account.bankLast4, account.verifyAfter, now, now],
  );
}

/** An account for hosted onboarding (the test provider's page): nothing given yet, `due` what it asks for; none made twice. */
export async function insertOnboardingAccount(sql: Sql, id: string, due: string[], now: Date): Promise<void> {
  await sql.all(
    `INSERT INTO "TestProviderPayoutAccount" ("id", "behavior", "holderName", "routingNumber", "bankLast4", "status", "payoutsEnabled", "disabledReason", "detailsSubmitted", "currentlyDue", "createdAt", "updatedAt")
     VALUES (?, 'onboarding', '', '', '', 'pending', false, NULL, false, ?, ?, ?) ON CONFLICT ("id") DO NOTHING`,
    [id, JSON.stringify(due), now, now],
  );
}

/** A new onboarding link on the account (the last one replaced): its token, where it sends the payee back, until when. */
export async function openOnboardingLink(sql: Sql, id: string, link: { token: string; returnUrl: string; refreshUrl: string; expiresAt: Date }): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "TestProviderPayoutAccount" SET "linkToken" = ?, "returnUrl" = ?, "refreshUrl" = ?, "linkExpiresAt" = ? WHERE "id" = ? RETURNING "id"`,
    [link.token, link.returnUrl, link.refreshUrl, link.expiresAt, id],
  );
  return rows.length > 0;
}

const linkRow = rowOf({ id: row.text, returnUrl: row.text, linkExpiresAt: row.date });

/** The account an open onboarding link is for (unknown, used or expired: undefined). */
export async function openLink(sql: Sql, token: string, now: Date) {
  const [found] = await sql.all(`SELECT "id", "returnUrl", "linkExpiresAt" FROM "TestProviderPayoutAccount" WHERE "linkToken" = ? AND "linkExpiresAt" > ?`, [token, now]);
  return found === undefined ? undefined : linkRow(found);
}

/**
 * The payee's answer on the onboarding page, once: the link used (one conditional UPDATE, so two
 * answers at once apply one) and the account as the answer leaves it. Undefined: no open link.
 */
export async function answerOnboarding(
  sql: Sql,
  token: string,
  state: {
    behavior: string;
    status: string;
    payoutsEnabled: boolean;
    disabledReason: string | null;
    currentlyDue: string[];
    holderName: string;
    bankLast4: string;
    routingNumber: string;
  },
  now: Date,
): Promise<{ account: PayoutAccount; returnUrl: string } | undefined> {
  const [answered] = await sql.all(
    `UPDATE "TestProviderPayoutAccount" SET "linkToken" = NULL, "linkExpiresAt" = NULL, "behavior" = ?, "status" = ?, "payoutsEnabled" = ?, "disabledReason" = ?,
       "detailsSubmitted" = true, "currentlyDue" = ?, "holderName" = ?, "bankLast4" = ?, "routingNumber" = ?, "verifyAfter" = NULL, "updatedAt" = ?
     WHERE "linkToken" = ? AND "linkExpiresAt" > ? RETURNING ${ACCOUNT_COLUMNS}, "returnUrl"`,
    [
      state.behavior,
      state.status,
      state.payoutsEnabled,
      state.disabledReason,
      JSON.stringify(state.currentlyDue),
      state.holderName,
      state.bankLast4,
      state.routingNumber,
      now,
      token,
      now,
    ],
  );
  return answered ? { account: accountOf(answered), returnUrl: String((answered as { returnUrl: string }).returnUrl) } : undefined;
}

/** Accounts whose verification is due, verified (payouts enabled). */
export async function verifyDueAccounts(sql: Sql, now: Date): Promise<PayoutAccount[]> {
  const rows = await sql.all(
    `UPDATE "TestProviderPayoutAccount" SET "status" = 'verified', "payoutsEnabled" = true, "verifyAfter" = NULL, "updatedAt" = ?
     WHERE "status" = 'pending' AND "verifyAfter" IS NOT NULL AND "verifyAfter" <= ? RETURNING ${ACCOUNT_COLUMNS}`,
    [now, now],
  );
  return rows.map(accountOf);
}

/** Payouts due, paid, or failed for an account whose test number says so. */
export async function settleDuePayouts(sql: Sql, now: Date): Promise<ProviderPayout[]> {
  const rows = await sql.all(
    `UPDATE "TestProviderPayout" SET "updatedAt" = ?,
       "status" = CASE WHEN "accountId" IN (SELECT "id" FROM "TestProviderPayoutAccount" WHERE "behavior" = 'payouts_fail') THEN 'failed' ELSE 'paid' END,
       "failureCode" = CASE WHEN "accountId" IN (SELECT "id" FROM "TestProviderPayoutAccount" WHERE "behavior" = 'payouts_fail') THEN 'no_account' ELSE NULL END
     WHERE "status" = 'pending' AND "settleAfter" <= ? RETURNING ${PAYOUT_COLUMNS}`,
    [now, now],
  );
  return rows.map(payoutOf);
}

/** The account's payouts paused (a payout bounced): the account after, or null when it was paused already. */
export async function pauseAccount(sql: Sql, id: string, now: Date): Promise<PayoutAccount | null> {
  const [paused] = await sql.all(
    `UPDATE "TestProviderPayoutAccount" SET "status" = 'restricted', "payoutsEnabled" = false, "disabledReason" = 'payout_failed', "currentlyDue" = '["external_account"]', "updatedAt" = ?
     WHERE "id" = ? AND "status" <> 'restricted' RETURNING ${ACCOUNT_COLUMNS}`,
    [now, id],
  );
  return paused ? accountOf(paused) : null;
}

export async function insertPayout(
  sql: Sql,
  payout: { id: string; accountId: string; amountCents: number; currency?: string; settleAfter: Date },
  now: Date,
): Promise<void> {
  await sql.all(
    `INSERT INTO "TestProviderPayout" ("id", "accountId", "amountCents", "currency", "status", "settleAfter", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT DO NOTHING`,
    [payout.id, payout.accountId, payout.amountCents, payout.currency ?? "USD", payout.settleAfter, now, now],
  );
}

const capturedRow = rowOf({ id: row.text, capturedCents: row.int, refundedCents: row.int, updatedAt: row.date });

/** Intents captured (some money) and changed since `since`. */
export async function capturedIntentsSince(sql: Sql, since: Date) {
  const rows = await sql.all(`SELECT "id", "capturedCents", "refundedCents", "updatedAt" FROM "TestProviderIntent" WHERE "updatedAt" >= ? AND "capturedCents" > 0`, [
    since,
  ]);
  return rows.map(capturedRow);
}

const payoutRecordRow = rowOf({ id: row.text, amountCents: row.int, status: row.text, updatedAt: row.date });

/** Payouts changed since `since`. */
export async function payoutsSince(sql: Sql, since: Date) {
  const rows = await sql.all(`SELECT "id", "amountCents", "status", "updatedAt" FROM "TestProviderPayout" WHERE "updatedAt" >= ?`, [since]);
  return rows.map(payoutRecordRow);
}
