import "server-only";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { MESSAGES } from "./context";
import { loadProblem, problemToJson, type ProblemJson } from "./read";
import { said } from "@/lib/shared/words/said";

/** The customer's one appeal of a declined report: a conditional UPDATE (a second appeal matches nothing: 409); it goes to the operators' queue. */
export async function appealProblem(user: Pick<SessionUser, "id">, orderId: number, problemId: number, note: string, now = new Date()): Promise<ProblemJson> {
  const report = await db.problemReport.findFirst({ where: { id: problemId, orderId, userId: user.id }, select: { id: true } });
  if (!report) throw notFound(said("messages.problemNotFound"));
  const { count } = await db.problemReport.updateMany({
    where: { id: problemId, status: "declined", appealedAt: null },
    data: { status: "appealed", appealedAt: now, appealNote: note },
  });
  if (!count) throw conflict(MESSAGES.appealOnce);
  return problemToJson((await loadProblem(db, problemId))!);
}
