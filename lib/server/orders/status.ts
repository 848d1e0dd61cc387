import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OrderStatus } from "@/lib/shared/constants";
import { STAGES_OF_STATUS } from "@/lib/shared/orders/order-stages";

// An order stores one state, `stage` (prisma/schema.prisma); the spec's `status` is derived from
// it (statusOf, lib/shared/orders/order-stages.ts). These are the one way the data layer asks about a
// status, in Prisma and in SQL, so no query reads a column that is not there or a stage list
// written out by hand.

/** Prisma's condition for orders in `status`. */
export function whereStatus(status: OrderStatus): Prisma.OrderWhereInput {
  const stages = STAGES_OF_STATUS[status];
  return stages === null ? { stage: null } : { stage: { in: [...stages] } };
}

/** The SQL condition for orders in `status`, on `column` (e.g. `o."stage"`); the stages are constants, never input. */
export function statusSql(status: OrderStatus, column = `"stage"`): string {
  const stages = STAGES_OF_STATUS[status];
  return stages === null ? `${column} IS NULL` : `${column} IN (${stages.map((stage) => `'${stage}'`).join(", ")})`;
}
