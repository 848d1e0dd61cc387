import "server-only";
import { db } from "../platform/db";

/** The sweep: reports the owner left undecided for 24 hours go to the operators. One conditional UPDATE; safe in every process at once. */
export async function escalateOverdueProblems(now = new Date()): Promise<number> {
  const { count } = await db.problemReport.updateMany({ where: { status: "pending", respondBy: { lte: now } }, data: { status: "escalated", escalatedAt: now } });
  return count;
}
