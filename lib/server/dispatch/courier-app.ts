import "server-only";

// A person at the courier app (docs/architecture/courier-screens.md "The demo"): every /api/courier/*
// call notes the courier (asCourier), and an open event stream (GET /api/courier/events, the
// /courier page) keeps them noted while it lasts. The demo simulator lets go of a courier a
// person has in the app, so the two never report for the same courier. In the process's memory
// (globalThis: the route handlers and the simulator's timer may load this module apart): the
// simulator is a one-process demo.

/** After the app's last call (its stream closed), the simulator waits this long before riding the courier again. */
export const PERSON_LEFT_AFTER_MS = 5 * 60_000;

type Presence = { seenAt: number; open: number };
const holder = globalThis as { __noshCourierApp?: Map<number, Presence> };
const presence = (holder.__noshCourierApp ??= new Map<number, Presence>());

const entry = (courierId: number) => {
  let found = presence.get(courierId);
  if (!found) presence.set(courierId, (found = { seenAt: 0, open: 0 }));
  return found;
};

/** A call from the courier app. */
export function noteCourierApp(courierId: number, now = Date.now()): void {
  const found = entry(courierId);
  found.seenAt = Math.max(found.seenAt, now);
}

/** The app's event stream opened; the function returned closes it (call it once, when the stream ends). */
export function openCourierApp(courierId: number, now = Date.now()): () => void {
  const found = entry(courierId);
  found.open++;
  found.seenAt = Math.max(found.seenAt, now);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    found.open--;
    found.seenAt = Math.max(found.seenAt, Date.now());
  };
}

/** A person has this courier in the app: a stream open, or a call within PERSON_LEFT_AFTER_MS of `now`. */
export function personHasCourier(courierId: number, now = Date.now()): boolean {
  const found = presence.get(courierId);
  return Boolean(found && (found.open > 0 || now - found.seenAt < PERSON_LEFT_AFTER_MS));
}
