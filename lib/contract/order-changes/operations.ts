import { answerChangeSchema, markUnavailableSchema } from "@/lib/contract/order-changes/rules";
import { orderChangeCreatedSchema, orderChangesSchema } from "./schemas";
import { author, op, restaurantStaff } from "../define";

// Changing an accepted order (docs/architecture/order-changes.md): the kitchen marks a line unavailable; the customer answers.

export const orderChangeOperations = [
  op("POST /api/manage/{id}/orders/{orderId}/changes", {
    summary:
      "Mark `quantity` of an accepted (or ready) order's line `orderItemId` unavailable, optionally suggesting `replacementId`, a dish of the same menu (not sold out, no required choices). The customer is told at once (bell, push, live event) and answers within CHANGE_ANSWER_MINUTES (default 5); then the line is removed and refunded",
    access: restaurantStaff,
    kitchenDevice: true,
    body: markUnavailableSchema,
    ok: { status: 201, description: "The change, asked", schema: orderChangeCreatedSchema },
    errors: {
      400: "A field names what is wrong: `orderItemId` not a line of the order (or already waiting for an answer), `quantity` more than is left, `replacementId` not on the menu, sold out or needing choices",
      404: "Unknown order, or not your restaurant's",
      409: "The order is not accepted or ready, its payment is not captured yet, or every dish of it would be unavailable (reject it instead)",
    },
    fixture: {
      matrix: { path: { id: "$restaurant", orderId: "$acceptedLine.orderId" }, body: { orderItemId: "$acceptedLine.orderItemId", quantity: 1 } },
      fuzz: { valid: { orderItemId: 1, quantity: 1 } },
    },
  }),
  op("GET /api/manage/{id}/orders/{orderId}/changes", {
    summary: "The order's changes, oldest first (the board shows them under the order)",
    access: restaurantStaff,
    kitchenDevice: true,
    paging: { unpaged: "an order's changes: at most one per unit of its lines" },
    ok: { description: "The changes", schema: orderChangesSchema },
    errors: { 404: "Unknown order, or not your restaurant's" },
    fixture: { matrix: { path: { id: "$restaurant", orderId: "$submittedOrder" } } },
  }),
  op("GET /api/orders/{id}/changes", {
    summary: "One's order's changes, oldest first: lines the kitchen marked unavailable, waiting for an answer or settled",
    access: author,
    paging: { unpaged: "an order's changes: at most one per unit of its lines" },
    ok: { description: "The changes", schema: orderChangesSchema },
    errors: { 404: "Unknown order, or not yours" },
    fixture: { matrix: { path: { id: "$submittedOrder" } } },
  }),
  op("PUT /api/orders/{id}/changes/{changeId}", {
    summary:
      "Answer a change: `replace` (take the suggested dish, with `options`: its chosen option ids, checked as a cart line's and priced in) or `remove`. The difference is refunded the way the order was paid, or, for a dearer replacement, charged: from the wallet when it covers it, else by a new charge on the card through the payment provider. Settled once however many answers race; the same answer again answers the change as settled",
    access: author,
    body: answerChangeSchema,
    ok: { description: "The order's changes", schema: orderChangesSchema },
    errors: {
      400: "`answer` invalid, `replace` with no suggestion, the replacement's `options` not fitting its groups (beside `options`), or the wallet short for a dearer replacement (beside `answer`; nothing changes)",
      402: "The card was declined for a dearer replacement (beside `answer`); nothing changes",
      404: "Unknown order or change, or not yours",
      409: "The change was settled otherwise (another answer, or removed for no answer in time), or the order is on its way (only removal)",
    },
    fixture: { matrix: { path: { id: "$askedChange.orderId", changeId: "$askedChange.changeId" }, body: { answer: "remove" } }, fuzz: { valid: { answer: "remove" } } },
  }),
];
