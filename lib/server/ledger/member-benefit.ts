import "server-only";
import type { Sql } from "../platform/sql";
import { account, post } from "./post";
import { orderBenefit } from "./queries/member-benefit";

// Who pays a member's saving (docs/architecture/membership.md): the platform, from the marketing
// budget (`promotions`, which may go below zero), never the restaurant or the courier. At the
// settlement of a member's delivered order, in its transaction: the waived delivery fee to whoever
// got the order's delivery share (the courier, clearing while a flagged delivery's pay waits, the
// restaurant's own staff), the waived part of the service fee to the platform's revenue, so each
// gets what a non-member's order would have given them. Keyed by the order: once. A whole refund
// later reverses it with the order's other shares (refund.ts).

export async function settleMemberBenefit(sql: Sql, orderId: number, deliveredBy: string, now: Date): Promise<void> {
  const benefit = await orderBenefit(sql, orderId);
  if (!benefit) return;
  await post(sql, {
    kind: "settlement",
    key: `order:${orderId}:member-benefit`,
    orderId,
    lines: [
      { account: account.promotions, amountCents: -(benefit.deliveryCents + benefit.serviceFeeCents) },
      { account: deliveredBy, amountCents: benefit.deliveryCents },
      { account: account.platform, amountCents: benefit.serviceFeeCents },
    ],
    now,
  });
}
