import "server-only";
import { config } from "../platform/config";
import type { Tx } from "../platform/db";
import { ApiError, conflict } from "../platform/errors";
import { said } from "@/lib/shared/words/said";

// Restaurants per account (docs/deploying.md "Limits"): a restaurant can spend money of its own
// (delivery requests, refunds it owes), so one account cannot open them without end. Each added
// restaurant counts; in its creation's transaction, after the account's row is locked (every
// creation of one account waits for the one before: parallel ones all count):
//   - at most `perDay` (RESTAURANTS_PER_DAY, 3) added in any 24 hours: the next is a 429 with
//     Retry-After, when the oldest of the day's turns 24 hours;
//   - at most `perAccount` (RESTAURANTS_PER_ACCOUNT, 30) owned in all (the seeded demo owners hold
//     13 and 12): a 409;
//   - while the email is not verified, at most `unverified` (RESTAURANTS_UNVERIFIED, 3) in all: a 409 saying so.
// 0 turns a limit off (the shared e2e servers: playwright.config.ts). Restaurants handed over to
// the account count as its own; one deleted counts no more.

const DAY_MS = 24 * 3600_000;

export const RESTAURANT_LIMIT_SAID = {
  perDay: (count: number) => said("messages.restaurantsPerDay", { count: count }),
  perAccount: (max: number) => said("messages.restaurantsPerAccount", { max: max }),
  unverified: (max: number) => said("messages.restaurantsUnverified", { max: max }),
} as const;

/** Refuses the account's next restaurant beyond a limit; call in the creation's transaction. Locks the account's row (and marks it an owner). */
export async function assertMayAddRestaurant(tx: Tx, userId: number, now = new Date()): Promise<void> {
  const { perDay, perAccount, unverified } = config().restaurantLimits;
  // An UPDATE first: on PostgreSQL it holds the account's row until the creation commits, so two
  // creations at once count each other (SQLite runs one write transaction at a time).
  const { emailVerifiedAt } = await tx.user.update({ where: { id: userId }, data: { restaurantOwner: true }, select: { emailVerifiedAt: true } });
  const owned = perAccount || unverified ? await tx.restaurant.count({ where: { ownerId: userId } }) : 0;
  if (!emailVerifiedAt && unverified && owned >= unverified) throw conflict(RESTAURANT_LIMIT_SAID.unverified(unverified));
  if (perAccount && owned >= perAccount) throw conflict(RESTAURANT_LIMIT_SAID.perAccount(perAccount));
  if (!perDay) return;
  const today = await tx.restaurant.findMany({
    where: { ownerId: userId, createdAt: { gt: new Date(now.getTime() - DAY_MS) } },
    select: { createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  if (today.length < perDay) return;
  const seconds = Math.max(1, Math.ceil((today[today.length - perDay]!.createdAt.getTime() + DAY_MS - now.getTime()) / 1000));
  throw new ApiError("too_many_requests", RESTAURANT_LIMIT_SAID.perDay(today.length), undefined, { "Retry-After": String(seconds) });
}
