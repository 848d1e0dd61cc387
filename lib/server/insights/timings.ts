import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Duration } from "./figures";
import { deliverySeconds, preparationSeconds, type DurationRow } from "./queries";

// How long orders took: accepted -> ready (preparation), ready -> delivered (delivery orders).

/** Accepted -> ready, from Order.acceptedAt and the ready OrderEvent. */
export async function preparationTime(inRange: Prisma.Sql): Promise<Duration> {
  const row = await preparationSeconds(inRange);
  return duration(row);
}

/** Ready -> delivered (delivery orders), from their OrderEvents. */
export async function deliveryTime(inRange: Prisma.Sql): Promise<Duration> {
  const row = await deliverySeconds(inRange);
  return duration(row);
}

function duration({ orders, seconds }: DurationRow): Duration {
  return { orders, averageMinutes: seconds === null ? null : Math.round(seconds / 6) / 10 };
}
