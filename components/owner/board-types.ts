import type { IncomingOrderJson } from "@/lib/server/orders/to-json";
import type { UnitWords } from "@/lib/shared/delivery/distance";
import type { OrderCourier, OrderDelivery } from "@/lib/shared/delivery/delivery";
import type { LiveOrderFields, OpenStage, OrderStage } from "@/lib/shared/orders/order-stages";
import type { Words } from "@/lib/i18n/words";
import type { ReasonWords } from "@/lib/shared/words/stored-texts";

/**
 * The board's words (the catalogue's kitchen.board), from the server; the phone order's its part (and `choices`).
 * `lines`: the courier's status lines and their distances, the start-cooking and wait-pay cues (lines.board, lines.cue, courier.units).
 */
export type BoardWords = Words<"kitchen">["board"] & {
  lines: { board: Words<"lines">["board"]; cue: Words<"lines">["cue"]; units: UnitWords };
  /** The rejection reasons' words (the catalogue's server.storedTexts.choices). */
  storedTexts: ReasonWords;
  /** The customer's dish dialog's words (dish.choices): the phone order's picker of a dish's choices. */
  choices: Words<"dish">["choices"];
};
export type PhoneWords = BoardWords["phone"];

// The order board's data (GET /api/manage/{id}/board): the open orders, oldest first, and
// what was closed today. Client-safe: types only from the server.

/** `courier` and `delivery` per docs/architecture/couriers.md (absent from older servers). */
export type BoardOrder = IncomingOrderJson & LiveOrderFields & { courier?: OrderCourier; delivery?: OrderDelivery };
/** `startCookingMinutes`: the restaurant's "start cooking when the courier is N minutes away", null: off (absent from older servers). */
export type BoardJson = { orders: BoardOrder[]; openCounts: Record<OpenStage, number>; doneToday: BoardOrder[]; startCookingMinutes?: number | null };

/** The board's columns, left to right (their titles: the catalogue's kitchen.board.columns); Done today holds delivered, rejected, canceled and expired orders. */
export const BOARD_COLUMNS = [{ key: "placed" }, { key: "accepted" }, { key: "ready" }, { key: "out_for_delivery" }, { key: "done" }] as const satisfies readonly {
  key: OrderStage | "done";
}[];
export type BoardColumnKey = (typeof BOARD_COLUMNS)[number]["key"];

/** A card waiting this long in New or Ready turns amber. */
export const WAITING_ALERT_MS = 5 * 60_000;

/** When the order entered its current stage (the timeline's last step, else when it was created). */
export function stageSince(order: BoardOrder): string {
  const steps = order.timeline ?? [];
  return steps.length ? steps[steps.length - 1]!.at : order.createdAt;
}

/** An order placed this recently is marked New on the board, wherever it sits in the list. */
export const JUST_IN_MS = 2 * 60_000;

/** Placed (not yet accepted) within JUST_IN_MS of `now`. */
export function isJustIn(order: BoardOrder, now: number): boolean {
  return (order.stage ?? "placed") === "placed" && order.status === "Submitted" && now - new Date(stageSince(order)).getTime() < JUST_IN_MS;
}

/** What the board dispatches on window when a new order arrives (order-board.tsx): its tools chime (board-tools.tsx). */
export const NEW_ORDER_EVENT = "nosh:new-order";

/** What the board dispatches on window on every tick and change: how many orders wait to be accepted (`detail`); its tools ring again while any does. */
export const WAITING_ORDERS_EVENT = "nosh:waiting-orders";

/** The ring repeats this often while an order waits to be accepted (board-tools.tsx), unless muted for the shift. */
export const RING_REPEAT_MS = 15_000;

/** "Mute for this shift" holds this long. */
export const SHIFT_MUTE_MS = 8 * 3600_000;

/** Whether the board rings again now: sound on, an order waiting to be accepted, not muted for the shift, the last ring at least RING_REPEAT_MS ago. */
export function ringsAgain(state: { soundOn: boolean; waiting: number; mutedUntil: number | null; lastRingAt: number; now: number }): boolean {
  if (!state.soundOn || state.waiting < 1) return false;
  if (state.mutedUntil !== null && state.now < state.mutedUntil) return false;
  return state.now - state.lastRingAt >= RING_REPEAT_MS;
}
