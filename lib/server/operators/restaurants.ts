import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OperatorRestaurantsQuery, RestaurantAction } from "@/lib/contract/operators/rules";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { notify } from "../notifications/outbox";
import { sqlOf } from "../platform/sql";
import { containsText, page, type Page } from "../platform/paging";
import { said } from "@/lib/shared/words/said";

// Restaurants as the operator sees them (docs/architecture/operator.md "Restaurants"): search,
// suspend and restore with a reason the owner sees, and the per-restaurant commission.
//
// Suspending takes the restaurant out of the catalog: `servicing` goes false (so every list,
// the cuisines, the places and the dish lists leave it out, as they leave out a closed one), the
// search and the single reads leave out anything with `suspendedAt`, and new orders are refused
// with their own message (orders/create.ts assertTakingOrders). Open orders are not touched: the
// restaurant still sees them on its board and moves them on. The UPDATE moves the catalog
// version (the Restaurant trigger), so every cached list and replayed page is dropped with it.

export const OWN_RESTAURANT = said("messages.operatorOwnRestaurant");

const include = { owner: { select: { id: true, firstName: true, lastName: true, email: true } } } satisfies Prisma.RestaurantInclude;
type Row = Prisma.RestaurantGetPayload<{ include: typeof include }>;

export type OperatorRestaurantJson = {
  id: number;
  name: string;
  city: string;
  state: string;
  cuisineType: string;
  owner: { id: number; name: string; email: string | null };
  status: "taking" | "closed" | "suspended";
  suspendedAt: string | null;
  suspensionReason: string | null;
  /** The override in percent, or null: the platform's default (`defaultCommissionPercent`). */
  commissionPercent: number | null;
  defaultCommissionPercent: number;
  rating: number | null;
  numReviews: number;
};

export function operatorRestaurantToJson(r: Row): OperatorRestaurantJson {
  return {
    id: r.id,
    name: r.name,
    city: r.city,
    state: r.state,
    cuisineType: r.cuisineType,
    owner: { id: r.owner.id, name: [r.owner.firstName, r.owner.lastName].filter(Boolean).join(" "), email: r.owner.email },
    status: r.suspendedAt ? "suspended" : r.servicing ? "taking" : "closed",
    suspendedAt: r.suspendedAt?.toISOString() ?? null,
    suspensionReason: r.suspensionReason,
    commissionPercent: r.commissionPercent,
    defaultCommissionPercent: config().platformCommissionPercent,
    rating: r.numReviews ? Math.round((r.ratingSum / r.numReviews) * 10) / 10 : null,
    numReviews: r.numReviews,
  };
}

const STATUS_WHERE = {
  taking: { servicing: true, suspendedAt: null },
  closed: { servicing: false, suspendedAt: null },
  suspended: { suspendedAt: { not: null } },
} satisfies Record<string, Prisma.RestaurantWhereInput>;

/** Restaurants by name, city or id (`q`) and status, by name; one page. */
export async function listAdminRestaurants(_operator: Operator, query: OperatorRestaurantsQuery): Promise<Page<OperatorRestaurantJson>> {
  const q = query.q?.trim();
  const where: Prisma.RestaurantWhereInput = {
    ...(query.status ? STATUS_WHERE[query.status] : {}),
    ...(q ? { OR: [{ name: containsText(q) }, { city: containsText(q) }, ...(/^\d{1,9}$/.test(q) ? [{ id: Number(q) }] : [])] } : {}),
  };
  const rows = await db.restaurant.findMany({ where, include, orderBy: [{ name: "asc" }, { id: "asc" }], skip: query.offset, take: query.limit + 1 });
  return page(rows.map(operatorRestaurantToJson), query);
}

/** Suspend, restore or set the commission, with the audit row and the owner's notification in the same transaction. */
export async function actOnRestaurant(operator: Operator, id: number, input: RestaurantAction, now = new Date()): Promise<OperatorRestaurantJson> {
  return db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const restaurant = await tx.restaurant.findUnique({ where: { id } });
    if (!restaurant) throw notFound(said("messages.restaurantNotFound"));
    if (restaurant.ownerId === operator.id) throw forbidden(OWN_RESTAURANT);
    const target = { targetType: "restaurant", targetId: id, reason: input.reason };
    let data: Prisma.RestaurantUpdateManyMutationInput;
    switch (input.action) {
      case "suspend":
        if (restaurant.suspendedAt) throw conflict(said("rules.handlers.alreadySuspended"));
        data = { suspendedAt: now, suspensionReason: input.reason, servicingBeforeSuspension: restaurant.servicing, servicing: false };
        await recordAudit(tx, operator, { ...target, action: "restaurant.suspend", detail: { wasTakingOrders: restaurant.servicing } });
        break;
      case "restore":
        if (!restaurant.suspendedAt) throw conflict(said("rules.handlers.notSuspended"));
        // The owner's own open/closed setting from before the suspension comes back.
        data = { suspendedAt: null, suspensionReason: null, servicing: restaurant.servicingBeforeSuspension ?? true, servicingBeforeSuspension: null };
        await recordAudit(tx, operator, { ...target, action: "restaurant.restore", detail: { suspendedAt: restaurant.suspendedAt.toISOString() } });
        break;
      case "commission":
        data = { commissionPercent: input.commissionPercent };
        await recordAudit(tx, operator, { ...target, action: "restaurant.commission", detail: { from: restaurant.commissionPercent, to: input.commissionPercent } });
        break;
    }
    // Conditional on what was read, so two operators at once cannot both suspend (or restore).
    const { count } = await tx.restaurant.updateMany({ where: { id, suspendedAt: restaurant.suspendedAt }, data });
    if (!count) throw conflict(said("rules.handlers.restaurantChanged"));
    // Its owner is told (bell and email) in this transaction: exactly when the change commits.
    const stage = input.action === "commission" ? "commission" : input.action === "suspend" ? "suspended" : "restored";
    await notify(
      sqlOf(tx),
      [
        {
          to: { userId: restaurant.ownerId },
          kind: "owner_account_update",
          cause: `restaurant:${id}:${stage}:${now.getTime()}`,
          payload: {
            restaurantId: id,
            restaurantName: restaurant.name,
            stage,
            note: input.reason,
            ...(input.action === "commission" ? { percent: input.commissionPercent ?? config().platformCommissionPercent } : {}),
          },
        },
      ],
      now,
    );
    return operatorRestaurantToJson(await tx.restaurant.findUniqueOrThrow({ where: { id }, include }));
  });
}
