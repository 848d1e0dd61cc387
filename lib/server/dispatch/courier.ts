import "server-only";
import type { SessionUser } from "../platform/session-user";
import { forbidden } from "../platform/errors";
import { noteCourierApp } from "./courier-app";
import { said } from "@/lib/shared/words/said";

/** A courier acting in the courier app. */
export type Courier = Pick<SessionUser, "id" | "firstName">;

export const NOT_A_COURIER = said("messages.courierAppOnly");

/**
 * The signed-in user as a courier, or a 403 (every /api/courier/* call starts here, after the
 * 401). A person is at the courier app: the demo simulator lets go of them (courier-app.ts).
 */
export function asCourier(user: Pick<SessionUser, "id" | "firstName" | "courier">): Courier {
  if (!user.courier) throw forbidden(NOT_A_COURIER);
  noteCourierApp(user.id);
  return { id: user.id, firstName: user.firstName };
}
