import "server-only";

// What a live stream gets of the OrderEvent rows (docs/architecture/live-order-events.md): the
// row's shape, the filters, and the filter as the backlog's where clause (the hub and the
// backlog's query apply the same rule).

/** `stage`: the stage entered, or a delivery event (lib/shared/delivery/delivery.ts) with its JSON `detail`. */
export type OrderEvent = { id: number; orderId: number; userId: number; restaurantId: number | null; stage: string; detail?: string | null; at: Date };

/**
 * One documented stream's events: every field given must match. `notifications`: the bell's
 * stream, which gets only the `notification` rows (its user's wake-ups,
 * docs/architecture/notifications.md); every other such stream never gets them.
 */
export type FieldFilter = { userId?: number; orderId?: number; restaurantId?: number; notifications?: boolean };

/**
 * A person's one stream (GET /api/events): every row naming them (their orders' steps, their
 * bell's wake-ups, their courier jobs) and the steps of the restaurants they own (`restaurants`,
 * re-read while the stream lasts: a restaurant deleted or handed over leaves it) or work at
 * (`team`, among `restaurants`: a member's, each event checked as it goes out, lib/server/live/stream.ts).
 */
export type PersonalFilter = { person: number; restaurants: ReadonlySet<number>; team?: ReadonlySet<number> };

export type EventFilter = FieldFilter | PersonalFilter;

/** The stage of a bell's wake-up row. */
export const NOTIFICATION_STAGE = "notification";

export const isPersonal = (filter: EventFilter): filter is PersonalFilter => "person" in filter;

export function matches(filter: EventFilter, event: OrderEvent): boolean {
  if (isPersonal(filter)) {
    if (event.userId === filter.person) return true;
    return event.restaurantId !== null && filter.restaurants.has(event.restaurantId) && event.stage !== NOTIFICATION_STAGE;
  }
  return (
    (filter.userId === undefined || filter.userId === event.userId) &&
    (filter.orderId === undefined || filter.orderId === event.orderId) &&
    (filter.restaurantId === undefined || filter.restaurantId === event.restaurantId) &&
    (event.stage === NOTIFICATION_STAGE) === (filter.notifications === true)
  );
}

/** The filter as a Prisma where clause. */
export function whereOf(filter: EventFilter) {
  if (isPersonal(filter)) {
    const mine = { userId: filter.person };
    if (!filter.restaurants.size) return mine;
    return { OR: [mine, { restaurantId: { in: [...filter.restaurants] }, stage: { not: NOTIFICATION_STAGE } }] };
  }
  return {
    ...(filter.userId !== undefined && { userId: filter.userId }),
    ...(filter.orderId !== undefined && { orderId: filter.orderId }),
    ...(filter.restaurantId !== undefined && { restaurantId: filter.restaurantId }),
    stage: filter.notifications ? NOTIFICATION_STAGE : { not: NOTIFICATION_STAGE },
  };
}

/** The columns a stream reads of an OrderEvent row (Prisma's select). */
export const EVENT_FIELDS = { id: true, orderId: true, userId: true, restaurantId: true, stage: true, detail: true, at: true } as const;

/** Rows read at a time (the poller's batch, a backlog's default page). */
export const BATCH = 500;
