import "server-only";
import type server from "@/lib/i18n/areas/server.en.json";
import { conflict, isRecordNotFound, notFound } from "./errors";

// The one conditional move of a record from state to state, under an order's steps
// (orders/transition.ts `transition()`) and a delivery job's (dispatch/transition.ts `moveJob()`):
// one conditional UPDATE on the state(s) the caller expects, in the caller's transaction. Of
// two racing calls one matches the row and the other matches nothing, so nothing changes twice.
// After a miss the record is read again to tell "not yours" (404, exactly like a missing record)
// from "wrong state" (409 with a message a person can read, from where the record is now: the
// catalogue's `rules.moves`, its stage and action catalogue words too).

/** Whose record it must be: an owner column's value (`{ userId }`, `{ restaurantId }`, `{ courierId }`), or any (the sweeps). */
export type MoveScope<Owner extends Record<string, number>> = Owner | { any: true };

/** The scope as a WHERE filter: the owner's column, or nothing for `{ any: true }`. */
export function ownerFilter<Owner extends Record<string, number>>(scope: MoveScope<Owner>): Owner | Record<string, never> {
  return "any" in scope ? {} : scope;
}

export type ConditionalMove<Moved, Current> = {
  /** The 404's subject: "Order" gives "Order not found". */
  what: string;
  /** The conditional UPDATE: the record moved, or null when it matched nothing. */
  update: () => Promise<Moved | null>;
  /** After a miss: the record as it stands if the caller may know of it, or null (the 404). */
  current: () => Promise<Current | null>;
  /** The 409's message, from the record as it stands. */
  conflict: (current: Current) => string;
};

export async function conditionalMove<Moved, Current>(move: ConditionalMove<Moved, Current>): Promise<Moved> {
  const moved = await move.update();
  if (moved !== null) return moved;
  const current = await move.current();
  if (!current) throw notFound(move.what);
  throw conflict(move.conflict(current));
}

/** A Prisma `update` whose WHERE matched no row (P2025) as null, for `update` above. */
export async function orNullIfNoMatch<T>(update: PromiseLike<T>): Promise<T | null> {
  try {
    return await update;
  } catch (error) {
    if (isRecordNotFound(error)) return null;
    throw error;
  }
}

/**
 * What a refused move could not do, for its 409 (orders/transition.ts wrongStage, dispatch/transition.ts
 * wrongJobState): a key of the catalogue's `rules.moves.actions` ("markedReady" is "marked ready").
 */
export type MoveAction = keyof (typeof server)["errors"]["rules"]["moves"]["actions"];
