import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import type { Client, SignedUp } from "./api";
import { write } from "./couriers";
import { acceptOrder, createOrder, standardCard } from "./orders";

/** The test provider's card that is charged, then disputed as fraudulent (docs/architecture/payments.md "Disputes"). */
export const DISPUTING_CARD = "4000000000000259";

export type Dispute = { id: number; orderId: number; status: string; providerDisputeId: string; amount: number };

/** `number` saved as the customer's default card through the test provider's tokenization. */
export async function saveDefaultCard(client: Client, number: string): Promise<void> {
  const { id } = await (await client.post("/api/test-provider/payment-methods", { number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" })).json();
  expect((await client.post("/api/payment-methods", { paymentMethodId: id, makeDefault: true })).status()).toBe(201);
}

/**
 * A card order at the owner's restaurant paid with the disputing card and accepted (captured): the
 * test provider opens its dispute, and its webhook (sent by the server's payments.test-webhooks job)
 * reaches the queue. The order and the dispute as the operator's queue lists it.
 */
export async function disputedOrder(customer: Client, owner: { client: Client; restaurant: { id: number }; item: { id: number } }, operator: SignedUp) {
  await saveDefaultCard(customer, DISPUTING_CARD);
  const created = await createOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
  const submitted = await customer.put(`/api/orders/${created.id}/submit`, standardCard);
  expect(submitted.status()).toBe(200);
  const order = (await submitted.json()) as typeof created;
  await acceptOrder(owner.client, owner.restaurant.id, created.id);
  let dispute: Dispute | undefined;
  await expect
    .poll(
      async () => {
        const { items } = await (await operator.client.get("/api/admin/disputes?limit=100")).json();
        dispute = (items as Dispute[]).find((item) => item.orderId === created.id);
        return dispute?.status;
      },
      { timeout: 30_000 },
    )
    .toBe("needs_response");
  return { order, dispute: dispute! };
}

/** A closed dispute planted in the servers' database (the closed queue's rows: the pagination spec's world). Its id. */
export async function plantClosedDispute(): Promise<number> {
  const providerDisputeId = `dp_planted_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  return write(async (query) => {
    const now = new Date();
    await query(
      `INSERT INTO "Dispute" ("provider", "providerDisputeId", "intentId", "amountCents", "reason", "status", "createdAt", "updatedAt", "closedAt") VALUES ('test', ?, 'pi_planted', 100, 'fraudulent', 'lost', ?, ?, ?)`,
      [providerDisputeId, now, now, now],
    );
    const [row] = await query(`SELECT "id" FROM "Dispute" WHERE "providerDisputeId" = ?`, [providerDisputeId]);
    return Number(row!.id);
  });
}
