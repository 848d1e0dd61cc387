import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { num, orNull, type Duration } from "./figures";

// How long orders took: accepted -> ready (preparation), ready -> delivered (delivery orders).

/** Seconds from `a` to `b`, both timestamp columns: the one dialect difference of these queries. */
function secondsBetween(a: Prisma.Sql, b: Prisma.Sql): Prisma.Sql {
  return config().databaseProvider === "postgresql" ? Prisma.sql`EXTRACT(EPOCH FROM (${b} - ${a}))` : Prisma.sql`((julianday(${b}) - julianday(${a})) * 86400.0)`;
}

/** Accepted -> ready, from Order.acceptedAt and the ready OrderEvent. */
export async function preparationTime(inRange: Prisma.Sql): Promise<Duration> {
  const [row] = await db.$queryRaw<{ orders: unknown; seconds: unknown }[]>`
    SELECT COUNT(*) AS orders, AVG(${secondsBetween(Prisma.sql`o."acceptedAt"`, Prisma.sql`e."at"`)}) AS seconds
    FROM "Order" AS o JOIN "OrderEvent" AS e ON e."orderId" = o."id" AND e."stage" = 'ready'
    WHERE ${inRange} AND o."acceptedAt" IS NOT NULL`;
  return duration(row);
}

/** Ready -> delivered (delivery orders), from their OrderEvents. */
export async function deliveryTime(inRange: Prisma.Sql): Promise<Duration> {
  const [row] = await db.$queryRaw<{ orders: unknown; seconds: unknown }[]>`
    SELECT COUNT(*) AS orders, AVG(${secondsBetween(Prisma.sql`r."at"`, Prisma.sql`d."at"`)}) AS seconds
    FROM "Order" AS o
      JOIN "OrderEvent" AS r ON r."orderId" = o."id" AND r."stage" = 'ready'
      JOIN "OrderEvent" AS d ON d."orderId" = o."id" AND d."stage" = 'delivered'
    WHERE ${inRange} AND o."pickup" = ${false}`;
  return duration(row);
}

function duration(row: { orders: unknown; seconds: unknown } | undefined): Duration {
  const seconds = orNull(row?.seconds);
  return { orders: num(row?.orders), averageMinutes: seconds === null ? null : Math.round(seconds / 6) / 10 };
}
