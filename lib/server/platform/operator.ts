import "server-only";
import { forbidden } from "./errors";
import type { SessionUser } from "./session-user";
import { said } from "@/lib/shared/words/said";

/** An operator acting at /admin or /api/admin/* (docs/architecture/operator.md). */
export type Operator = Pick<SessionUser, "id" | "firstName">;

export const NOT_AN_OPERATOR = said("messages.operatorsOnly");

/** The signed-in user as an operator, or a 403 (every /api/admin/* call starts here, after the 401). */
export function asOperator(user: Pick<SessionUser, "id" | "firstName" | "operator">): Operator {
  if (!user.operator) throw forbidden(NOT_AN_OPERATOR);
  return { id: user.id, firstName: user.firstName };
}
