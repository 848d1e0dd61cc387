import "server-only";
import type { ProblemDecisionInput } from "@/lib/contract/problems/rules";
import { db } from "../platform/db";
import { conflict, fieldError, forbidden, notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { getOwnedRestaurant } from "../team/owned";
import type { SessionUser } from "../platform/session-user";
import { lockOrder, MESSAGES } from "./context";
import { applyDecision } from "./decide";
import { loadProblem, problemToJson, type ProblemJson } from "./read";
import { said } from "@/lib/shared/words/said";

/**
 * An owner's decision on their restaurant's report, within the 24 hours (others' reports: 404).
 * Never on an order they placed, nor on a platform-liable (late) report: Nosh support decides
 * those (403), like decideAsOperator refuses an operator's own case.
 */
export async function decideAsOwner(
  user: Pick<SessionUser, "id" | "guestAccount">,
  restaurantId: number,
  problemId: number,
  input: ProblemDecisionInput,
  now = new Date(),
): Promise<ProblemJson> {
  if (input.chargeTo) throw fieldError("chargeTo", said("rules.handlers.chargeToSupport"));
  await getOwnedRestaurant(user, restaurantId);
  await db.$transaction(async (tx) => {
    const found = await tx.problemReport.findFirst({ where: { id: problemId, restaurantId }, select: { orderId: true } });
    if (!found) throw notFound(said("messages.problemNotFound"));
    await lockOrder(sqlOf(tx), found.orderId);
    const report = (await loadProblem(tx, problemId))!;
    if (report.order.userId === user.id) throw forbidden(MESSAGES.ownOrder);
    if (report.late) throw forbidden(MESSAGES.forSupport);
    if (report.status !== "pending") throw conflict(MESSAGES.alreadyDecided);
    if (now >= report.respondBy) throw conflict(MESSAGES.ownerTooLate);
    await applyDecision(tx, report, input, { kind: "owner", userId: user.id }, ["pending"], now);
  });
  return problemToJson((await loadProblem(db, problemId))!);
}
