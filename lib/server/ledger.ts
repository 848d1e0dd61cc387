import "server-only";
import type { Tx } from "./db";
import { ApiError, isRecordNotFound } from "./errors";

export type LedgerKind = "signup" | "topup" | "payment" | "refund" | "deduct";

/**
 * Moves money in or out of a wallet inside the caller's transaction: a conditional update
 * (never below zero, on SQLite and PostgreSQL alike) and a ledger row with the balance after.
 * Returns the new balance in cents; throws 400 `insufficientMessage` when the balance is short.
 */
export async function moveWallet(
  tx: Tx,
  move: { userId: number; amountCents: number; kind: LedgerKind; orderId?: number | null },
  insufficientMessage = "Insufficient funds",
): Promise<number> {
  const { userId, amountCents, kind, orderId = null } = move;
  if (!Number.isInteger(amountCents) || amountCents === 0) throw new Error("moveWallet needs a non-zero whole number of cents");
  // One statement (UPDATE ... RETURNING): the condition and the new balance come together, so
  // the ledger row cannot record a balance another transaction's move has already changed.
  let walletCents: number;
  try {
    ({ walletCents } = await tx.user.update({
      where: amountCents < 0 ? { id: userId, walletCents: { gte: -amountCents } } : { id: userId },
      data: { walletCents: { increment: amountCents } },
      select: { walletCents: true },
    }));
  } catch (error) {
    if (isRecordNotFound(error)) throw new ApiError("bad_request", insufficientMessage);
    throw error;
  }
  // createMany: an INSERT without RETURNING (nothing of the row is needed back).
  await tx.walletTransaction.createMany({ data: { userId, kind, amountCents, balanceAfterCents: walletCents, orderId } });
  return walletCents;
}
