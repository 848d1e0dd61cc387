import "server-only";
import { recordStreamHeapRefusal } from "../platform/log";
import { setMaxListeners } from "node:events";
import type { NextRequest } from "next/server";
import { SHUTDOWN_EVENT } from "@/lib/shared/web/host-contract.mjs";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { ApiError, notFound } from "../platform/errors";
import { recheckHeap } from "@/lib/shared/web/heap-recheck.mjs";
import { heapReading, streamFits, streamOpened } from "../platform/heap-budget";
import { memberNamesOf } from "../orders/group-members";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { stillOnTeam, teamRestaurantIds } from "../team/roles";
import type { SessionUser } from "../platform/session-user";
import { sessionCheck } from "../web/session";
import { OrderEventHub, type EventFilter, type PersonalFilter } from "./hub";
import { eventStreamResponse, SSE_HEADERS } from "./stream";
import { said } from "@/lib/shared/words/said";

// The live order event streams of this process (docs/architecture/live-order-events.md, "Live order events"): one hub, the
// caps on open streams, and who may watch what. Authorization is checked when a stream opens
// (someone else's order or restaurant is a 404, like every other route); the stream then
// ends with its session (lib/server/live/stream.ts).

const holder = globalThis as { __noshOrderEvents?: { hub: OrderEventHub; shutdown: AbortController; open: number; perUser: Map<number, number> } };

function state() {
  if (!holder.__noshOrderEvents) {
    const { databaseUrl, orderEvents } = config();
    const shutdown = new AbortController();
    // Every open stream listens for it.
    setMaxListeners(0, shutdown.signal);
    // The host emits this when the process starts stopping: open streams end at once (the
    // clients reconnect, with Last-Event-ID, to whichever process serves next) instead of
    // holding the graceful shutdown open.
    process.once(SHUTDOWN_EVENT, () => shutdown.abort());
    holder.__noshOrderEvents = { hub: new OrderEventHub(db, { databaseUrl, pollMs: orderEvents.pollMs }), shutdown, open: 0, perUser: new Map() };
  }
  return holder.__noshOrderEvents;
}

/** The event streams open in this process (the metrics' nosh_event_streams_open). */
export const openStreams = (): number => holder.__noshOrderEvents?.open ?? 0;

/** The customer's own order, or a group order they took part in (its events are the host's); anyone else's is a 404. */
export async function customerOrderFilter(user: SessionUser, orderId: number): Promise<EventFilter> {
  const order = await db.order.findFirst({ where: { id: orderId }, select: { userId: true, groupHostName: true } });
  if (order?.userId === user.id) return { orderId, userId: user.id };
  if (order && order.groupHostName !== null && (await memberNamesOf(db, user, [orderId])).has(orderId)) return { orderId, userId: order.userId };
  throw notFound(said("messages.orderNotFound"));
}

/** A courier's own events (offers, withdrawals, cancellations: rows naming them and no restaurant). */
export const courierFilter = (user: SessionUser): EventFilter => ({ userId: user.id });

/** The signed-in person's notification wake-ups (the bell, docs/architecture/notifications.md), whatever their role. */
export const notificationFilter = (user: SessionUser): EventFilter => ({ userId: user.id, notifications: true });

/** Every order of the signed-in customer. */
export const customerFilter = (user: SessionUser): EventFilter => ({ userId: user.id });

/** The owner's restaurant's orders; anyone else's restaurant is a 404. */
export async function restaurantFilter(user: SessionUser, restaurantId: number): Promise<EventFilter> {
  await getOwnedRestaurant(user, restaurantId);
  return { restaurantId };
}

/**
 * Everything the signed-in person may see, on one stream (GET /api/events): the rows naming them
 * (their orders, their bell, their courier jobs) and the orders of every restaurant they own now.
 * Re-read at the keep-alive's pace while the stream lasts (`orderEventStream`'s `refilter`).
 */
export async function personalFilter(user: Pick<SessionUser, "id">): Promise<PersonalFilter> {
  const owned = await db.restaurant.findMany({ where: { ownerId: user.id }, select: { id: true } });
  // And the restaurants they work at (team.md): each of their events checked as it goes out.
  const team = await teamRestaurantIds(user.id);
  return { person: user.id, restaurants: new Set([...owned.map((restaurant) => restaurant.id), ...team]), team: new Set(team) };
}

/** Whether the person is still on a restaurant's team, for the events of the restaurants they work at (stream.ts `admits`). */
export const teamAdmits = (user: Pick<SessionUser, "id">) => (restaurantId: number) => stillOnTeam(user.id, restaurantId);

/** The person's one stream: `onOpen` as orderEventStream's (the courier app's presence). */
export async function personalEventStream(request: NextRequest, user: SessionUser, onOpen?: () => () => void): Promise<Response> {
  return orderEventStream(request, user, await personalFilter(user), onOpen, () => personalFilter(user), teamAdmits(user));
}

/** What ends a kitchen tablet's stream instead of a session (kitchen-devices/caller.ts deviceStreamWatch): its check, and the signal its removal aborts. */
export type DeviceWatch = { check: () => Promise<boolean>; signal: AbortSignal; release: () => void };

/**
 * A restaurant's board stream (GET /api/manage/{id}/orders/events): a member's events stop the
 * moment they leave its team; a kitchen tablet's (`device`) the moment it is removed (each event
 * waits for its check; the stream ends at once in this process, at the next keep-alive in another).
 */
export async function restaurantEventStream(request: NextRequest, user: SessionUser & Actor, restaurantId: number, device?: DeviceWatch | null): Promise<Response> {
  try {
    const filter = await restaurantFilter(user, restaurantId);
    const team = user.restaurantGrant ? teamAdmits(user) : undefined;
    const admits = device && team ? async (id: number) => (await device.check()) && (await team(id)) : team;
    return await orderEventStream(request, user, filter, undefined, undefined, admits, device ?? undefined);
  } catch (error) {
    // Refused before it opened (a 404, the caps): nothing holds the device's signal.
    device?.release();
    throw error;
  }
}

const LAST_EVENT_ID = "lastEventId";

/** Last-Event-ID (header, or `?lastEventId=` for clients that cannot set it), or null. */
export function lastEventIdOf(request: NextRequest): number | null {
  const raw = request.headers.get("last-event-id") ?? request.nextUrl.searchParams.get(LAST_EVENT_ID);
  if (raw === null || raw.trim() === "") return null;
  const value = raw.trim();
  if (!/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647) {
    const message = `${LAST_EVENT_ID} must be a whole number (the id of the last event received)`;
    throw new ApiError("bad_request", message, { [LAST_EVENT_ID]: message });
  }
  return Number(value);
}

/**
 * The event stream for `filter`, for the signed-in `user` (authorization already checked);
 * `onOpen` runs when the stream opens and the function it returns once when it ends; `refilter`
 * (optional) re-reads the filter at the keep-alive's pace; `admits` (optional) as stream.ts's.
 */
export async function orderEventStream(
  request: NextRequest,
  user: SessionUser,
  filter: EventFilter,
  onOpen?: () => () => void,
  refilter?: () => Promise<EventFilter>,
  admits?: (restaurantId: number) => Promise<boolean>,
  device?: DeviceWatch,
): Promise<Response> {
  const lastEventId = lastEventIdOf(request);
  const { orderEvents } = config();
  const live = state();
  if (live.shutdown.signal.aborted) throw new ApiError("unavailable", said("messages.restarting"), undefined, { "Retry-After": "1" });
  // The stream cap, in count and in the worker's heap (../platform/heap-budget.ts): the same refusal.
  const heapRoom = streamFits(heapReading());
  // Refusing for the heap: learn whether it still is full (../../shared/heap-recheck.mjs).
  if (!heapRoom) {
    recheckHeap();
    recordStreamHeapRefusal();
  }
  if (live.open >= orderEvents.maxStreams || !heapRoom) {
    throw new ApiError("unavailable", said("messages.tooManyLive"), undefined, { "Retry-After": "5" });
  }
  const mine = live.perUser.get(user.id) ?? 0;
  if (mine >= orderEvents.maxStreamsPerUser) {
    throw new ApiError("too_many_requests", said("rules.handlers.liveMax", { max: orderEvents.maxStreamsPerUser }), undefined, {
      "Retry-After": "5",
    });
  }
  // HEAD gets what a GET would get now, without the stream (RFC 9110: the same header fields, no
  // content): nobody reads a HEAD's body, so a stream opened for it would hold one of the places
  // above until the hand-off gave up on it (30 s), and a few accounts' HEADs could fill them all.
  if (request.method === "HEAD") {
    device?.release();
    return new Response(null, { status: 200, headers: SSE_HEADERS });
  }
  live.open++;
  streamOpened();
  live.perUser.set(user.id, mine + 1);
  const closed = onOpen?.();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    closed?.();
    device?.release();
    live.open--;
    const left = (live.perUser.get(user.id) ?? 1) - 1;
    if (left > 0) live.perUser.set(user.id, left);
    else live.perUser.delete(user.id);
  };
  try {
    return await eventStreamResponse({
      hub: live.hub,
      filter,
      lastEventId,
      signal: request.signal,
      stillSignedIn: device ? device.check : await sessionCheck(),
      refilter,
      admits,
      keepAliveMs: orderEvents.keepAliveMs,
      retryMs: orderEvents.retryMs,
      shutdown: device ? AbortSignal.any([live.shutdown.signal, device.signal]) : live.shutdown.signal,
      onClose: release,
    });
  } catch (error) {
    release();
    throw error;
  }
}
