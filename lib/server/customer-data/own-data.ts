import "server-only";
import { marketDate } from "@/lib/shared/time/schedule";
import { byPages } from "../platform/by-pages";
import { db } from "../platform/db";
import { forbidden } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { said } from "@/lib/shared/words/said";

// A customer's own data (docs/architecture/customer-data.md "Customers own their data"): the download of
// everything we hold about them (export.ts), the wallet statement as CSV (wallet-statement.ts), and
// closing the account (delete-account.ts). Each is the user's own only: anyone else's is a 403
// that reveals nothing. What they share is here.

/** Rows per query of a download: the file streams page by page, never from one big read. */
export const EXPORT_PAGE = 100;

export function assertSelf(actor: SessionUser, targetId: number, refusal: "ownDelete" | "ownData" | "ownStatement"): void {
  if (actor.id !== targetId) throw forbidden(said(`rules.handlers.${refusal}`));
}

/** "nosh-data-2026-11-23.json": the marketplace's date. */
export const downloadName = (prefix: string, extension: string, now = new Date()) => `${prefix}-${marketDate(now)}.${extension}`;

/** The user's ledger, oldest first (the order the balances were written in). */
export function ledgerRows(userId: number) {
  return byPages(
    (after) =>
      db.walletTransaction.findMany({
        where: { userId, ...(after ? { id: { gt: after } } : {}) },
        orderBy: { id: "asc" },
        take: EXPORT_PAGE,
        include: { order: { select: { restaurantName: true } } },
      }),
    (row) => row.id,
  );
}
