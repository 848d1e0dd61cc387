import "server-only";
import type { SessionUser } from "../web/session";
import { forbidden } from "../platform/errors";

/** A courier acting in the courier app. */
export type Courier = Pick<SessionUser, "id" | "firstName">;

export const NOT_A_COURIER = "This account does not deliver for Nosh: only couriers may use the courier app";

/** The signed-in user as a courier, or a 403 (every /api/courier/* call starts here, after the 401). */
export function asCourier(user: Pick<SessionUser, "id" | "firstName" | "courier">): Courier {
  if (!user.courier) throw forbidden(NOT_A_COURIER);
  return { id: user.id, firstName: user.firstName };
}
