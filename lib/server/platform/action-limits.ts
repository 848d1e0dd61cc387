import "server-only";
import { MESSAGES_PER_MINUTE } from "@/lib/shared/delivery/delivery-messages";
import { said } from "@/lib/shared/words/said";
import { config } from "./config";
import { db } from "./db";
import { bumpWindow, lockedRow, tooMany, type Tx } from "./throttle";

// Limits on actions a signed-in person repeats (a verification mail resent, an operator's
// changes, a courier list read, a message, an API key's requests), counted in the throttle's rows
// (throttle.ts: its counters, and the limits on signing in, signing up, promo codes and resets).

const HOUR_MS = 3600_000;

/**
 * Resent verification mails (accounts/email-verification.ts): `emailVerification.resendsPerHour`
 * per account an hour, taken in one transaction; the next is a 429 with Retry-After.
 */
const RESEND_TOO_MANY = said("messages.resendTooMany");
export async function takeVerificationResendSlot(userId: number, now = new Date()): Promise<void> {
  const limit = config().emailVerification.resendsPerHour;
  if (limit === 0) return;
  const rowKey = `verify-resend:${userId}`;
  const lockedUntil = await db.$transaction(async (tx) => {
    const row = await lockedRow(tx, rowKey);
    if (row?.lockedUntil && row.lockedUntil > now) return row.lockedUntil.getTime();
    await bumpWindow(tx, rowKey, limit, now, HOUR_MS);
    return null;
  });
  if (lockedUntil) throw tooMany(RESEND_TOO_MANY, lockedUntil, now);
}

/**
 * Operators are throttled like everyone else (docs/architecture/operator.md): at most
 * OPERATOR_ACTIONS_PER_MINUTE changes a minute per operator, counted in the action's own
 * transaction (a refused or failed action rolls its count back with it); the next is a 429 with
 * Retry-After. Their sign-in goes through the login throttle like anyone's.
 */
export const OPERATOR_ACTIONS_PER_MINUTE = 30;
const OPERATOR_TOO_MANY = said("messages.operatorTooMany");
export async function takeOperatorAction(tx: Tx, operatorId: number, now = new Date()): Promise<void> {
  const rowKey = `operator:${operatorId}`;
  const row = await lockedRow(tx, rowKey);
  if (row?.lockedUntil && row.lockedUntil > now) throw tooMany(OPERATOR_TOO_MANY, row.lockedUntil.getTime(), now);
  await bumpWindow(tx, rowKey, OPERATOR_ACTIONS_PER_MINUTE, now, 60_000);
}

/**
 * One use of `limit` a minute per `rowKey`, counted in one transaction (parallel uses all count), then a 429 with Retry-After:
 * an owner's list of couriers nearby (polling it cannot follow a courier), an API key's requests (api-keys/bearer.ts).
 */
export async function takeMinuteSlot(rowKey: string, limit: number, message: string, now = new Date()): Promise<void> {
  const lockedUntil = await db.$transaction(async (tx) => {
    const row = await lockedRow(tx, rowKey);
    if (row?.lockedUntil && row.lockedUntil > now) return row.lockedUntil;
    await bumpWindow(tx, rowKey, limit, now, 60_000);
    return null;
  });
  if (lockedUntil) throw tooMany(message, lockedUntil.getTime(), now);
}
const COURIER_LIST_TOO_MANY = said("messages.courierListTooMany");
export const takeCourierListRead = (userId: number, now = new Date()) =>
  takeMinuteSlot(`courier-list:${userId}`, config().dispatch.courierListPerMinute, COURIER_LIST_TOO_MANY, now);

/** Messages between a customer and a courier (dispatch/messages.ts): at most MESSAGES_PER_MINUTE a minute per sender (takeWindowSlot). */
export const takeMessageSlot = (tx: Tx, userId: number, now = new Date()) =>
  takeWindowSlot(tx, `message:${userId}`, MESSAGES_PER_MINUTE, 60_000, said("rules.handlers.messagesFast"), now);

/** One of `limit` actions a `windowMs` under `rowKey`, counted in the caller's transaction (parallel ones all count); past it a 429 saying `message`, with Retry-After. */
export async function takeWindowSlot(tx: Tx, rowKey: string, limit: number, windowMs: number, message: string, now = new Date()): Promise<void> {
  const row = await lockedRow(tx, rowKey);
  if (row?.lockedUntil && row.lockedUntil > now) throw tooMany(message, row.lockedUntil.getTime(), now);
  await bumpWindow(tx, rowKey, limit, now, windowMs);
}
