import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Duration, PromiseBucket } from "./figures";
import { deliverySeconds, preparationSeconds, promiseRows, type DurationRow } from "./queries";

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

/** Promised before ordering against actual, per range promised (the calibration table). */
export async function promiseCalibration(inRange: Prisma.Sql): Promise<PromiseBucket[]> {
  return (await promiseRows(inRange)).map((r) => ({
    min: r.min,
    max: r.max,
    orders: r.orders,
    early: r.early,
    late: r.late,
    inside: r.orders - r.early - r.late,
    averageMinutes: r.actual === null ? null : Math.round(r.actual * 10) / 10,
  }));
}

function duration({ orders, seconds }: DurationRow): Duration {
  return { orders, averageMinutes: seconds === null ? null : Math.round(seconds / 6) / 10 };
}
