import "server-only";
import type { Tx } from "../platform/db";

// A closed account's plain SQL (delete-account.ts; Prisma's tagged raw queries, in its transaction).

/**
 * The customer's deliveries keep the pay and the restaurant, not where they were delivered: the
 * drop-off moves onto the pickup, its address becomes `address` and the instructions go.
 */
export async function forgetDropoffs(tx: Tx, userId: number, address: string): Promise<void> {
  await tx.$executeRaw`UPDATE "DeliveryJob" SET "dropoffAddress" = ${address}, "dropoffLat" = "pickupLat", "dropoffLng" = "pickupLng", "instructions" = NULL WHERE "userId" = ${userId}`;
}
