// Text messages' shared rules (docs/architecture/text-messages.md): the moments a person chooses,
// which notification is which moment, the quiet hours, and the carriers' keywords. Pure: the
// outbox (lib/server/notifications/queries.ts), the sender (lib/server/texts/) and the account's
// form read them.

import { addDays, atMinute, wallClock } from "../time/zone-clock";

/** The moments a number is texted for, each a bit of TextNumber.moments; `waiting` is a restaurant owner's (an order not accepted yet). */
export const TEXT_MOMENTS = ["on_the_way", "arriving", "at_door", "problem", "waiting"] as const;
/** A customer's moments (an owner's numbers add `waiting`). */
export const CUSTOMER_MOMENTS = ["on_the_way", "arriving", "at_door", "problem"] as const satisfies readonly TextMoment[];
export type TextMoment = (typeof TEXT_MOMENTS)[number];
export const momentBit = (moment: TextMoment) => 1 << TEXT_MOMENTS.indexOf(moment);
/** A new number's: every customer's moment (an owner adds `waiting`). */
export const DEFAULT_MOMENTS = 15;
export const momentsOf = (bits: number): TextMoment[] => TEXT_MOMENTS.filter((moment) => (bits & momentBit(moment)) !== 0);
export const bitsOf = (moments: readonly TextMoment[]) => moments.reduce((bits, moment) => bits | momentBit(moment), 0);

/** An owner's text of an order waiting to be accepted (an `sms` outbox row only: no other channel tells it). */
export const OWNER_WAITING_KIND = "owner_order_waiting";

const PROBLEM_KINDS = new Set(["order_rejected", "order_canceled", "order_expired", "order_changed", "problem_update"]);

/**
 * The moment a customer's notification is, or null when it is never texted: "on the way" is the
 * pickup, "arriving" the courier within 500 m, "at the door" the delivery, "a problem" a rejection,
 * a cancellation, an expiry, a dish unavailable or a reported problem's decision; "waiting" an owner's order not accepted yet.
 */
export function textMomentOf(kind: string, payload: { stage?: string }): TextMoment | null {
  if (kind === "order_out_for_delivery") return "on_the_way";
  if (kind === "order_courier_update") return payload.stage === "courier_arriving" ? "arriving" : null;
  if (kind === "order_delivered") return "at_door";
  if (kind === OWNER_WAITING_KIND) return "waiting";
  return PROBLEM_KINDS.has(kind) ? "problem" : null;
}

/** An order still under way: its texts go out in quiet hours too. A reported problem's decision, after the delivery, waits. */
export const textIgnoresQuietHours = (kind: string) => kind !== "problem_update";

/** Quiet hours as minutes after local midnight (they may span midnight: 22:00 to 08:00). */
type QuietHours = { start: number; end: number };

/** When the quiet hours that hold at `now` end, or null when `now` is outside them. */
export function quietUntil(quiet: QuietHours | null, timeZone: string, now: Date): Date | null {
  if (!quiet || quiet.start === quiet.end) return null;
  const clock = wallClock(now, timeZone);
  const minute = clock.hour * 60 + clock.minute;
  const inside = quiet.start < quiet.end ? minute >= quiet.start && minute < quiet.end : minute >= quiet.start || minute < quiet.end;
  if (!inside) return null;
  const today = { year: clock.year, month: clock.month, day: clock.day };
  return atMinute(quiet.end > minute ? today : addDays(today, 1), quiet.end, timeZone);
}

/** "22:00" as minutes, or null for a time that is not HH:MM. */
export function minutesOfClock(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
export const clockOfMinutes = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The words carriers require a sender to honour (CTIA; Twilio's defaults): opt out, opt in again, help. */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);
const HELP_WORDS = new Set(["HELP", "INFO"]);
type TextKeyword = "stop" | "start" | "help";

/** The keyword a received text is: the whole message, case and spaces aside, or null. */
export function keywordOf(body: string): TextKeyword | null {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return "stop";
  if (START_WORDS.has(word)) return "start";
  if (HELP_WORDS.has(word)) return "help";
  return null;
}

/** The 160-character segments a text takes (70 once it holds a character outside GSM-7's basic set). */
export function segmentsOf(body: string): number {
  const gsm = /^[\n\r !"#$%&'()*+,\-./0-9:;<=>?@A-Z_a-z£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉÄÖÑÜ§¿äöñüà¡]*$/.test(body);
  const size = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  return body.length <= size ? 1 : Math.ceil(body.length / multi);
}
