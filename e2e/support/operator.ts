import { randomUUID } from "node:crypto";
import { signUpCustomer, type SignedUp } from "./api";
import { makeOperator, write } from "./couriers";

/**
 * A fresh operator of the test's own (as `npm run operator -- grant` makes one): each test acts
 * with its own, so the per-operator action throttle (30 a minute) never counts another test's.
 */
export async function signUpOperator(baseURL: string): Promise<SignedUp> {
  const signed = await signUpCustomer(baseURL);
  await makeOperator(signed.user.id);
  return signed;
}

/** A difference the reconciliation raised (issue 59 item 7), planted in the servers' database: a capture of its own at the provider the ledger lacks. Its id. */
export async function plantReconciliationIssue(cents = 1_234): Promise<number> {
  const objectId = `pi_e2e_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  return write(async (query) => {
    await query(`INSERT INTO "ReconciliationIssue" ("key", "kind", "objectId", "providerCents", "ledgerCents", "createdAt") VALUES (?, 'capture', ?, ?, 0, ?)`, [
      `capture:${objectId}:${cents}:0`,
      objectId,
      cents,
      new Date(),
    ]);
    const [row] = await query(`SELECT "id" FROM "ReconciliationIssue" WHERE "objectId" = ?`, [objectId]);
    return Number(row!.id);
  });
}
