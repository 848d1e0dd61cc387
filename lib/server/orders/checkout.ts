import "server-only";
import { STATUS_OF_STAGE } from "@/lib/shared/order-stages";
import { subtotalOf } from "@/lib/shared/pricing";
import { CHECKOUT_MESSAGES } from "@/lib/validation/checkout";
import type { PlaceOrderInput } from "@/lib/validation/orders";
import { ApiError } from "../platform/errors";
import { moveWallet } from "../wallet/ledger";
import { localEventWritten } from "../order-events/local-writes";
import type { SessionUser } from "../web/session";
import type { Sql } from "../platform/sql";
import { assertCardOrderRoom } from "./card-limit";
import { insertOrder, priceCart } from "./create";
import type { OrderRow } from "./include";
import { placement } from "./placement";

/**
 * The one-call checkout (`POST /api/orders` with `submit`): create and submit in the caller's ONE
 * transaction (lib/server/sql.ts: directly on SQLite's connection, or a Prisma one), with exactly the rules of createOrder and submitOrder (the cart's checks and prices,
 * then placement(): hours, slot, fees, tip, expectedTotal) but none of their repeated work. The
 * lines were just priced from today's menu in this transaction, so submit's re-read and re-price
 * of the stored order is unnecessary, and the order is inserted already placed (no Active row to
 * update). Statements: the restaurant with the cart's dishes, the order, its lines (and their
 * choices when any), the placed event, and for the wallet the conditional debit and its ledger
 * row (docs/log/performance.md counts them). Any refusal throws before or inside the transaction, so
 * nothing is left half-made.
 */
export async function checkoutOrder(
  sql: Sql,
  user: SessionUser,
  input: PlaceOrderInput & { submit: NonNullable<PlaceOrderInput["submit"]> },
  now = new Date(),
): Promise<OrderRow> {
  const { restaurant, dishes, lines } = await priceCart(sql, input, now);
  const placed = { ...submitFields(() => placement(restaurant, subtotalOf(lines), input.submit, now)), stage: "placed" as const, status: STATUS_OF_STAGE.placed };
  await assertCardOrderRoom(sql, user, placed, "submit.paymentMethod");
  const order = await insertOrder(sql, user, restaurant, dishes, lines, { placed });
  // An INSERT without RETURNING: the event is not read back (the answer has what it needs).
  await sql.all(`INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage", "at") VALUES (?, ?, ?, ?, ?)`, [
    order.id,
    user.id,
    restaurant.id,
    "placed",
    now,
  ]);
  order.events.push({ stage: "placed", at: now });
  if (input.submit.paymentMethod === "wallet") {
    await moveWallet(sql, { userId: user.id, amountCents: -placed.totalCents, kind: "payment", orderId: order.id }, CHECKOUT_MESSAGES.insufficientFunds);
  }
  localEventWritten();
  return order;
}

/**
 * placement() names the submit body's fields (`scheduledFor`, `deliveryOption`, `expectedTotal`),
 * as PUT /api/orders/{id}/submit receives them; here they arrive under `submit`, so its refusals
 * name them as sent (`submit.scheduledFor`), like the schema's own errors (`submit.tipPercent`).
 */
function submitFields<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (!(error instanceof ApiError) || !error.errors) throw error;
    const errors = Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [`submit.${field}`, message]));
    throw new ApiError(error.code, error.message, errors, error.headers);
  }
}
