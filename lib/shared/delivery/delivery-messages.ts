import type { Messages } from "@/lib/i18n/words";

// Messages between an order's customer and its courier while the delivery is live
// (docs/architecture/stops-and-messages.md "Messages"). Plain module: the server, the order page
// and the courier app import it.

/** A message's body: trimmed, 1 to this many characters as JavaScript and the browser's `maxlength` count them (UTF-16 code units: most emoji count 2). */
export const MESSAGE_MAX_LENGTH = 500;
/** At most this many messages a minute per sender (the throttle's counter, shared by every instance); the next is a 429 with Retry-After. */
export const MESSAGES_PER_MINUTE = 10;
/** Messages are deleted this long after the delivery closed (delivered, failed or canceled). */
export const MESSAGE_RETENTION_DAYS = 30;

export type MessageSender = "customer" | "courier";
/** A message as both sides read it: who sent it by role (`mine`: the reader did), never a phone number or an email. */
export type DeliveryMessageJson = { id: number; sender: MessageSender; mine: boolean; body: string; at: string };
/** The thread: its messages, oldest first, and whether a message may be sent now (`closedReason` says why not). */
export type MessageThreadJson = { messages: DeliveryMessageJson[]; open: boolean; closedReason: string | null };

/** The event on the order's and the courier's streams when a message is written: a wake-up naming the message, never its text. */
export const MESSAGE_EVENT = "courier_message";

export const MESSAGE_TEXT = {
  body: `body must be at most ${MESSAGE_MAX_LENGTH} characters`,
  empty: "Write a message",
  notYet: "You can message your courier once one has accepted your order",
  delivered: "This conversation closed when the order was delivered",
  ended: "This conversation closed when the delivery ended",
  tooMany: "You're sending messages too fast. Wait a moment and try again.",
  /** What a message reads once its sender closed their account (lib/server/customer-data/delete-account.ts deleteAccount). */
  removed: "Message removed",
} as const;

/** A thread's closed reason as the server gives it (English, MESSAGE_TEXT) in the reader's words (the catalogue's lines.messages), where given. */
export const closedReasonIn = (reason: string, words?: Messages["lines"]["messages"]): string =>
  (words && { [MESSAGE_TEXT.notYet]: words.notYet, [MESSAGE_TEXT.delivered]: words.delivered, [MESSAGE_TEXT.ended]: words.ended }[reason]) ?? reason;
