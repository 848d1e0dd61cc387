import "server-only";
import { db } from "../platform/db";
import { sqlTransaction, type Sql } from "../platform/sql";
import { insertPayment } from "./charge";
import type { SavedCard } from "./methods";
import type { Intent } from "./providers/provider";
import { providerNamed } from "./providers/select";
import { applyIntent } from "./state";

// A membership period's charge as a card payment (docs/architecture/membership.md): the provider's
// billing charged it (providers/provider.ts `billing`); here its Payment row (purpose membership) and
// its capture booked by applyIntent (external -> platform, key membership:{paymentId}), once
// whichever reports it first (this call or the provider's webhook). A refund under the plan's rule
// goes through the provider and its confirmation is booked the same way (platform -> external).

/** The period's paid intent recorded and booked, in the caller's transaction; the Payment row's id. */
export async function recordPeriodCharge(sql: Sql, input: { userId: number; provider: string; intent: Intent; card: SavedCard; now: Date }): Promise<number> {
  const { userId, provider, intent, card, now } = input;
  const row = await insertPayment(sql, { userId, provider, intent, card, state: "requires_action", purpose: "membership", now });
  return ((await applyIntent(sql, provider, intent, now)) ?? row).id;
}

/** What is left of the payment's charge refunded through its provider, and the confirmation booked; the cents refunded (0: nothing left, or refused as disputed). */
export async function refundPeriodCharge(paymentId: number, now = new Date()): Promise<number> {
  const payment = await db.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.purpose !== "membership" || payment.state !== "captured") return 0;
  const left = payment.capturedCents - payment.refundedCents;
  if (left <= 0) return 0;
  const intent = await providerNamed(payment.provider).refund(payment.intentId, left, `refund:${payment.id}:${payment.capturedCents}`);
  if (intent.refundRefusal) return 0;
  await sqlTransaction((sql) => applyIntent(sql, payment.provider, intent, now));
  return Math.max(0, intent.refundedCents - payment.refundedCents);
}
