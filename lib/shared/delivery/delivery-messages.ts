// Messages between an order's customer and its courier while the delivery is live
// (docs/architecture/stops-and-messages.md "Messages"). Plain module: the server, the order page
// and the courier app import it.
import type { RelayJson } from "./relay";

/** A message's body: trimmed, 1 to this many characters as JavaScript and the browser's `maxlength` count them (UTF-16 code units: most emoji count 2). */
export const MESSAGE_MAX_LENGTH = 500;
/** At most this many messages a minute per sender (the throttle's counter, shared by every instance); the next is a 429 with Retry-After. */
export const MESSAGES_PER_MINUTE = 10;
/** Messages are deleted this long after the delivery closed (delivered, failed or canceled). */
export const MESSAGE_RETENTION_DAYS = 30;

export type MessageSender = "customer" | "courier";
/** A message as both sides read it: who sent it by role (`mine`: the reader did), never a phone number or an email. */
export type DeliveryMessageJson = { id: number; sender: MessageSender; mine: boolean; body: string; at: string };
/** The thread: its messages, oldest first, whether a message may be sent now (`closedReason` says why not), and the relay number to call or text (null for an operator). */
export type MessageThreadJson = { messages: DeliveryMessageJson[]; open: boolean; closedReason: string | null; relay: RelayJson | null };

/** The event on the order's and the courier's streams when a message is written: a wake-up naming the message, never its text. */
export const MESSAGE_EVENT = "courier_message";
