import { randomUUID } from "node:crypto";
import { signUpCustomer, type SignedUp } from "./api";
import { makeOperator, northOf, ownSpot, placeCustomer, placeRestaurant, write } from "./couriers";
import { acceptOrder, placeOrder } from "./orders";
import { createItem, createRestaurant } from "./owner";

/**
 * A fresh operator of the test's own (as `npm run operator -- grant` makes one): each test acts
 * with its own, so the per-operator action throttle (30 a minute) never counts another test's.
 */
export async function signUpOperator(baseURL: string): Promise<SignedUp> {
  const signed = await signUpCustomer(baseURL);
  await makeOperator(signed.user.id);
  return signed;
}

/** A difference the reconciliation raised, planted in the servers' database: a capture of its own at the provider the ledger lacks. Its id. */
export async function plantReconciliationIssue(cents = 1_234): Promise<number> {
  const objectId = `pi_e2e_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  return write(async (query) => {
    await query(`INSERT INTO "ReconciliationIssue" ("key", "kind", "objectId", "providerCents", "ledgerCents", "createdAt") VALUES (?, 'capture', ?, ?, 0, ?)`, [
      `capture:${objectId}:${cents}:0`,
      objectId,
      cents,
      new Date(),
    ]);
    const [row] = await query(`SELECT "id" FROM "ReconciliationIssue" WHERE "objectId" = ?`, [objectId]);
    return Number(row!.id);
  });
}

/** Moves the order's `stage` event `minutes` into the past: an order out (or ready) that long (the operators' "needs attention"). */
export async function ageStage(orderId: number, stage: string, minutes: number): Promise<void> {
  await write((query) => query(`UPDATE "OrderEvent" SET "at" = ? WHERE "orderId" = ? AND "stage" = ?`, [new Date(Date.now() - minutes * 60_000), orderId, stage]));
}

/**
 * An order stuck out for delivery: a restaurant with a place (couriers deliver its orders), the
 * customer's wallet order accepted, ready and sent out by the owner (its delivery job canceled,
 * so no courier and no job), `minutes` ago. Its operator, owner, customer and order.
 */
export async function stuckOrder(baseURL: string, minutes = 51) {
  const nia = await signUpOperator(baseURL);
  const owner = await signUpCustomer(baseURL);
  const spot = ownSpot();
  const restaurant = await createRestaurant(owner.client, { name: `Stuck Sloth Kitchen ${Date.now().toString(36)}` });
  await placeRestaurant(restaurant.id, spot);
  const item = await createItem(owner.client, restaurant.id);
  const customer = await signUpCustomer(baseURL);
  await placeCustomer(customer.user.id, northOf(spot, 1));
  const order = await placeOrder(customer.client, { restaurantId: restaurant.id, itemId: item.id });
  await acceptOrder(owner.client, restaurant.id, order.id);
  for (const stage of ["ready", "out_for_delivery"]) {
    const moved = await owner.client.post(`/api/manage/${restaurant.id}/orders/${order.id}/stage`, { stage });
    if (moved.status() !== 200) throw new Error(`${stage} failed: ${moved.status()} ${await moved.text()}`);
  }
  await ageStage(order.id, "out_for_delivery", minutes);
  return { nia, owner, restaurant, customer, order };
}
