import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// The throttle's one hand-written statement (throttle.ts lockedRow): the rest of its rows are
// read and written through Prisma's LoginThrottle model.

/**
 * PostgreSQL: makes the empty row of `rowKey` (no failures, a window from 1970, no lock) unless
 * it exists, so that the UPDATE after it has a row to lock (INSERT ... ON CONFLICT DO NOTHING).
 */
export async function insertEmptyThrottleRow(tx: Prisma.TransactionClient, rowKey: string): Promise<void> {
  await tx.$executeRaw`INSERT INTO "LoginThrottle" ("key", "failures", "windowStart") VALUES (${rowKey}, 0, ${new Date(0)}) ON CONFLICT ("key") DO NOTHING`;
}
