import "server-only";
import { isPersonal, type EventFilter, type OrderEvent } from "./filter";

// A member's live events (docs/architecture/team.md): the events of a restaurant
// the person works at, rather than owns, go out only after their place on its team is read again,
// so a member removed from a team gets none of its events from the removal on, on an open board
// stream (GET /api/manage/{id}/orders/events) or their personal one (GET /api/events).

/** The restaurant whose team must still include the person before `event` goes out, or null: sent as is. */
function teamRestaurantOf(filter: EventFilter, event: OrderEvent): number | null {
  if (event.restaurantId === null) return null;
  if (!isPersonal(filter)) return event.restaurantId;
  return event.userId !== filter.person && filter.team?.has(event.restaurantId) ? event.restaurantId : null;
}

/**
 * `send` behind the team check (`admits`): the events that arrive while a check runs wait for
 * the next, asked after they arrived (one read per restaurant covers a burst); order is kept; an
 * event of a restaurant the person left is dropped, and a failed read ends the stream.
 */
export function teamChecked(
  admits: (restaurantId: number) => Promise<boolean>,
  /** The stream's filter now (a person's, re-read) and whether it has ended. */
  stream: () => { filter: EventFilter; closed: boolean },
  send: (bytes: Uint8Array) => void,
  close: () => void,
) {
  let waiting: { event: OrderEvent; bytes: Uint8Array }[] = [];
  let checking = false;
  const drain = async () => {
    checking = true;
    try {
      while (waiting.length && !stream().closed) {
        const batch = waiting;
        waiting = [];
        const allowed = new Map<number, boolean>();
        for (const { event } of batch) {
          const restaurant = teamRestaurantOf(stream().filter, event);
          if (restaurant !== null && !allowed.has(restaurant)) allowed.set(restaurant, await admits(restaurant));
        }
        for (const { event, bytes } of batch) {
          const restaurant = teamRestaurantOf(stream().filter, event);
          if (restaurant === null || allowed.get(restaurant)) send(bytes);
        }
      }
    } catch {
      close();
    }
    checking = false;
  };
  return (event: OrderEvent, bytes: Uint8Array) => {
    waiting.push({ event, bytes });
    if (!checking) void drain();
  };
}
