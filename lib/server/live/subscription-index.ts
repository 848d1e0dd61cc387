import "server-only";
import { isPersonal, type EventFilter, type OrderEvent } from "./filter";

export type Listener = (event: OrderEvent) => void;
export type Subscription = { filter: EventFilter; listener: Listener };

/**
 * Subscriptions by the most selective field of their filter: an event is matched against its own
 * order's, restaurant's and user's only. A person's stream is placed under its user and under
 * each of its restaurants.
 */
export class SubscriptionIndex {
  readonly #byOrder = new Map<number, Set<Subscription>>();
  readonly #byRestaurant = new Map<number, Set<Subscription>>();
  readonly #byUser = new Map<number, Set<Subscription>>();
  readonly #rest = new Set<Subscription>();

  #places({ filter }: Subscription): [Map<number, Set<Subscription>>, number][] | null {
    if (isPersonal(filter))
      return [[this.#byUser, filter.person], ...[...filter.restaurants].map((id): [Map<number, Set<Subscription>>, number] => [this.#byRestaurant, id])];
    if (filter.orderId !== undefined) return [[this.#byOrder, filter.orderId]];
    if (filter.restaurantId !== undefined) return [[this.#byRestaurant, filter.restaurantId]];
    if (filter.userId !== undefined) return [[this.#byUser, filter.userId]];
    return null;
  }

  add(subscription: Subscription) {
    const places = this.#places(subscription);
    if (!places) return void this.#rest.add(subscription);
    for (const [map, key] of places) {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(subscription);
    }
  }

  delete(subscription: Subscription) {
    const places = this.#places(subscription);
    if (!places) return void this.#rest.delete(subscription);
    for (const [map, key] of places) {
      const set = map.get(key);
      if (set?.delete(subscription) && set.size === 0) map.delete(key);
    }
  }

  clear() {
    for (const map of [this.#byOrder, this.#byRestaurant, this.#byUser]) map.clear();
    this.#rest.clear();
  }

  /** The subscriptions that may want `event` (each once: a person's stream found by its user is not yielded again by the restaurant). */
  *candidates(event: OrderEvent): Iterable<Subscription> {
    const order = this.#byOrder.get(event.orderId);
    if (order) yield* order;
    const restaurant = event.restaurantId === null ? undefined : this.#byRestaurant.get(event.restaurantId);
    if (restaurant) for (const s of restaurant) if (!isPersonal(s.filter) || s.filter.person !== event.userId) yield s;
    const user = this.#byUser.get(event.userId);
    if (user) yield* user;
    yield* this.#rest;
  }
}
