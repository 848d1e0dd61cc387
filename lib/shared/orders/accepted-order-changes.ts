import { said } from "@/lib/shared/words/said";
// Changing an accepted order (docs/architecture/order-changes.md): the kitchen
// marks a line (or part of it) unavailable, the customer takes the suggested replacement or has it
// removed. Shared by the server, the order page and the owner's board.

export const CHANGE_STATES = ["asked", "replaced", "removed", "expired"] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];
export const CHANGE_ANSWERS = ["replace", "remove"] as const;
export type ChangeAnswer = (typeof CHANGE_ANSWERS)[number];

/** A change as the customer's order page and the owner's board read it (GET /api/orders/{id}/changes). */
export type OrderChangeJson = {
  id: number;
  orderId: number;
  orderItemId: number;
  itemName: string;
  /** Dollars, the line's unit price as asked. */
  itemPrice: number;
  quantity: number;
  /** `hasOptions`: the dish has option groups (while asked): `replace` carries the chosen options. */
  replacement: { id: number; name: string; price: number; hasOptions: boolean } | null;
  state: ChangeState;
  /** Dollars: negative refunded to the customer, positive charged; 0 while asked. */
  delta: number;
  answerBy: string;
  createdAt: string;
  answeredAt: string | null;
};

export const CHANGE_SAID = {
  tooMany: (left: number) => said("messages.changeTooMany", { left: left }),
  walletShort: (short: string) => said("messages.changeWalletShort", { short: short }),
} as const;

/** What a settled change says on the order page and the board. */
export function changeSummary(change: Pick<OrderChangeJson, "state" | "quantity" | "itemName" | "replacement" | "delta">, money: (dollars: number) => string): string {
  const what = `${change.quantity} × ${change.itemName}`;
  const moved = change.delta < 0 ? `: ${money(-change.delta)} refunded` : change.delta > 0 ? `: ${money(change.delta)} charged` : "";
  switch (change.state) {
    case "asked":
      return `${what} unavailable: waiting for the customer's answer`;
    case "replaced":
      return `${what} replaced by ${change.replacement?.name ?? "another dish"}${moved}`;
    case "removed":
      return `${what} removed${moved}`;
    case "expired":
      return `${what} removed (no answer in time)${moved}`;
  }
}
