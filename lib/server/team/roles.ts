import "server-only";
import type { RestaurantRole } from "@/lib/shared/people/team";
import { roleAllows } from "@/lib/shared/people/team";
import { db } from "../platform/db";
import { forbidden, notFound } from "../platform/errors";
import type { Actor } from "./owned";
import { ownerAndRole } from "./queries";
import { said } from "@/lib/shared/words/said";

// Who may act on a restaurant and in which role (docs/architecture/team.md):
// its owner, or a member (RestaurantMember) as manager or staff. Read from the database on every
// request that asks (handle() for the restaurantManager and restaurantStaff routes, the team's
// pages): nothing of it is kept in the session, so a member removed or lowered loses the access
// on their next request.

/** A member's admission to one restaurant (or an API key's, its owner's too), carried on the actor the data layer is handed (owned.ts reads it). */
export type RestaurantGrant = { restaurantId: number; role: RestaurantRole };
/** The actor as admitted: the owner as they are, a member with their grant. */
export type AdmittedActor<A extends Actor = Actor> = A & { restaurantGrant?: RestaurantGrant };

/** The caller's role at the restaurant (owner, manager, staff), or null: not on its team or no such restaurant. */
export async function roleAt(userId: number, restaurantId: number): Promise<RestaurantRole | null> {
  const row = await ownerAndRole(userId, restaurantId);
  if (!row) return null;
  if (row.ownerId === userId) return "owner";
  return row.role === "manager" || row.role === "staff" ? row.role : null;
}

/**
 * The actor admitted to the restaurant with at least `need`, or the refusal: someone not on its
 * team (or a guest) a 404 like a missing restaurant, a member whose role is below `need` a 403.
 * A member comes back with their grant: owned.ts then lets them reach this restaurant only.
 */
export async function admitToRestaurant<A extends Actor>(actor: A, restaurantId: number, need: RestaurantRole): Promise<AdmittedActor<A>> {
  const role = actor.guestAccount ? null : await roleAt(actor.id, restaurantId);
  if (!role) throw notFound(said("messages.restaurantNotFound"));
  if (!roleAllows(role, need)) throw forbidden(said("messages.teamRoleTooLow"));
  return role === "owner" ? (actor as AdmittedActor<A>) : { ...actor, restaurantGrant: { restaurantId, role } };
}

/** The role the actor acts in at a restaurant they were admitted to: a member's grant, else the owner. */
export const actingRole = (actor: AdmittedActor): RestaurantRole => actor.restaurantGrant?.role ?? "owner";

/** The ids of the restaurants the person works at as a member (not their own): their personal stream's `team` (live/). */
export async function teamRestaurantIds(userId: number): Promise<number[]> {
  const rows = await db.restaurantMember.findMany({ where: { userId }, select: { restaurantId: true }, take: 100 });
  return rows.map((row) => row.restaurantId);
}

/** Whether the person is still on the restaurant's team (any role, or its owner now): a member's live events ask it. */
export const stillOnTeam = async (userId: number, restaurantId: number): Promise<boolean> => (await roleAt(userId, restaurantId)) !== null;
