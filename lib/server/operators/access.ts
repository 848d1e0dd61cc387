import "server-only";
import { notFound as pageNotFound } from "next/navigation";
import { forbidden } from "../platform/errors";
import type { SessionUser } from "../accounts/session-user";
import { requirePageUser, requireUser } from "../web/session";

/** An operator acting at /admin or /api/admin/* (docs/architecture/operator.md). */
export type Operator = Pick<SessionUser, "id" | "firstName">;

export const NOT_AN_OPERATOR = "Only Nosh operators may do this";

/** The signed-in user as an operator, or a 403 (every /api/admin/* call starts here, after the 401). */
export function asOperator(user: Pick<SessionUser, "id" | "firstName" | "operator">): Operator {
  if (!user.operator) throw forbidden(NOT_AN_OPERATOR);
  return { id: user.id, firstName: user.firstName };
}

/** For /api/admin/* handlers: the 401 for anonymous visitors, then asOperator's 403. */
export async function requireOperator(): Promise<Operator> {
  return asOperator(await requireUser());
}

/**
 * For /admin pages: anonymous visitors go to /login; anyone signed in who is not an operator gets
 * the 404 page, so the console does not even show that it exists.
 */
export async function requireOperatorPage(): Promise<Operator> {
  const user = await requirePageUser();
  if (!user.operator) pageNotFound();
  return { id: user.id, firstName: user.firstName };
}
