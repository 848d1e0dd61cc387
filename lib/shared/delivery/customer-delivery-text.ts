import type { Locale } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { rideMinutesOf } from "./arrival";
import type { JobState } from "./delivery";
import { fill } from "../words/fill";
import { formatTime } from "../time/format-date";

// What the customer's order page says of their delivery (components/orders/delivery-tracking.tsx),
// apart from delivery-text.ts, which the courier app and the owner's board load first: their
// JavaScript carries neither these words nor fill().

/** The customer's delivery lines in the reader's language (the catalogue's order.tracking, from the server); English without them. */
export type CourierWords = Pick<
  Messages["order"]["tracking"],
  "arriving" | "toRestaurant" | "minutesFrom" | "atRestaurant" | "onTheWay" | "ridingWith" | "ridingWithOnWay"
>;
const ENGLISH: CourierWords = {
  arriving: "Arriving {from} – {to}",
  toRestaurant: "{name} is on the way to the restaurant.",
  minutesFrom: "{name} is {minutes} min from the restaurant.",
  atRestaurant: "{name} is at the restaurant, collecting your order.",
  onTheWay: "{name} has your order and is on the way to you.",
  ridingWith: "Riding with one other order, about {minutes} min longer",
  ridingWithOnWay: "Riding with one other order, on the way",
};

/** "Arriving 12:40 PM – 12:44 PM": the window in the given zone (the app's one time formatter). */
export function arrivalText(etaFrom: string, etaTo: string, timeZone?: string, words = ENGLISH, locale: Locale = "en"): string {
  return fill(words.arriving, { from: formatTime(etaFrom, timeZone, locale), to: formatTime(etaTo, timeZone, locale) });
}

/**
 * The customer's line about a courier holding their order. Before pickup, how
 * far the courier is from the restaurant in minutes at a bike's speed ("Dev is 4 min from the
 * restaurant."), never where they are: their position is the customer's only from pickup on.
 */
export function customerCourierLine(state: JobState, name: string, distanceKm?: number, words = ENGLISH): string {
  if (state === "assigned") return distanceKm === undefined ? fill(words.toRestaurant, { name }) : fill(words.minutesFrom, { name, minutes: rideMinutesOf(distanceKm) });
  return fill(state === "at_pickup" ? words.atRestaurant : words.onTheWay, { name });
}

/** The customer's line about a shared trip: "Riding with one other order, about 4 min longer" (under a minute: no figure). */
export function ridingWithLine(extraMinutes: number, words = ENGLISH): string {
  return extraMinutes >= 1 ? fill(words.ridingWith, { minutes: extraMinutes }) : words.ridingWithOnWay;
}
