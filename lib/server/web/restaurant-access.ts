import "server-only";
import type { Operation } from "@/lib/contract/operations";
import type { RestaurantRole } from "@/lib/shared/people/team";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { admitToRestaurant, type AdmittedActor } from "../team/roles";
import type { KeyGrant } from "../api-keys/bearer";
import type { KitchenDeviceGrant } from "../kitchen-devices/caller";
import type { SignedInUser } from "./session";
import { said } from "@/lib/shared/words/said";

// handle()'s check of the restaurant routes a team may use (define.ts restaurantManager,
// restaurantStaff; docs/architecture/team.md): which restaurant the call acts on, then the
// caller's role there read afresh (team/roles.ts). restaurantOwner routes need no step here:
// the data layer's own check (team/owned.ts) admits the owner alone.

const NEEDS: Partial<Record<Operation["access"]["kind"], RestaurantRole>> = { restaurantManager: "manager", restaurantStaff: "staff" };

/** The least role the operation's access asks for, or null: not a team route. */
export const teamNeedOf = (operation: Pick<Operation, "access">): RestaurantRole | null => NEEDS[operation.access.kind] ?? null;

/** Whether the restaurant is named by the body (the new dish's restaurantId), so the check waits for the body. */
export const restaurantInBody = (operation: Pick<Operation, "access">) => operation.access.restaurantFrom === "body";

/** The restaurant a team route acts on, where its declaration says (define.ts RestaurantFrom): the path's, its dish's, its review's, or the body's restaurantId. */
async function restaurantOf(operation: Pick<Operation, "path" | "access">, params: Record<string, unknown>, body: unknown): Promise<number> {
  switch (operation.access.restaurantFrom) {
    case "path":
      return params.id as number;
    case "dish": {
      const item = await db.menuItem.findUnique({ where: { id: params.id as number }, select: { restaurantId: true } });
      if (!item) throw notFound(said("messages.menuItemNotFound"));
      return item.restaurantId;
    }
    case "review": {
      const review = await db.review.findUnique({ where: { id: params.id as number }, select: { restaurantId: true } });
      if (!review) throw notFound(said("messages.reviewNotFound"));
      return review.restaurantId;
    }
    case "body": {
      const named = (body as { restaurantId?: unknown } | undefined)?.restaurantId;
      if (typeof named !== "number") throw new Error(`${operation.path}: a team route declared to name its restaurant in the body has no restaurantId`);
      return named;
    }
    default:
      throw new Error(`${operation.path}: a team route must declare where its restaurant comes from`);
  }
}

/**
 * The caller admitted to the operation's restaurant in at least its role (a member: with their
 * grant), or the 404/403. A call made with an API key (`key`) reaches the key's restaurant only
 * (any other: 404), and always with a grant, its maker's role there: an owner's key does not reach
 * their other restaurants. A kitchen tablet's call (`key` a device's grant) likewise reaches its
 * restaurant only, and always as a staff member, whatever its pairer's role.
 */
export async function admitTeamCall(
  operation: Pick<Operation, "path" | "access">,
  user: SignedInUser,
  params: Record<string, unknown>,
  body: unknown,
  key?: KeyGrant | KitchenDeviceGrant,
): Promise<AdmittedActor<SignedInUser>> {
  const need = teamNeedOf(operation);
  if (!need) return user;
  const restaurantId = await restaurantOf(operation, params, body);
  if (key && key.restaurantId !== restaurantId) throw notFound(said("messages.restaurantNotFound"));
  const admitted = await admitToRestaurant(user, restaurantId, need);
  if (key && "deviceId" in key) return { ...admitted, restaurantGrant: { restaurantId, role: "staff" } };
  return key && !admitted.restaurantGrant ? { ...admitted, restaurantGrant: { restaurantId, role: "owner" } } : admitted;
}
