import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { rejectionOf } from "@/lib/shared/orders/order-stages";

// What an ended order's mail says about the money: a card-paid order that the
// restaurant rejects or that expires said nothing ("The restaurant did not confirm your order",
// with no word of the refund the preferences page promises). Against a real migrated database:
// the order is placed, ended the way the app ends it, and its customer's mail rendered.

setUpTestDatabase();

const { db } = await import("../platform/db");
const { sqlTransaction } = await import("../platform/sql");
const { placeOrder } = await import("../orders/place");
const { rejectOrder } = await import("../orders/reject");
const { expireOverdueOrders } = await import("../orders/expire");
const { getReadableOrder } = await import("../orders/read");
const { renderMail } = await import("./email");
const { customer, shop } = await import("../platform/testing/fixtures");

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });

async function placedByCard() {
  const s = await shop();
  const user = await customer();
  const order = await sqlTransaction((sql) =>
    placeOrder(sql, user, { cart: { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] } }, card, paymentFor(card)),
  );
  return { s, user, order };
}

async function mailOf(userId: number, kind: string) {
  const row = await db.notification.findFirstOrThrow({ where: { userId, kind, channel: "email" } });
  return renderMail(row);
}

describe("an ended card order's mail", () => {
  it("rejected: says the total was refunded to the card", async () => {
    const { s, user, order } = await placedByCard();
    await rejectOrder(s.owner, s.restaurant.id, order.id, rejectionOf("too_busy"));
    const total = (await getReadableOrder(user, order.id)).totalCost;
    const mail = await mailOf(user.id, "order_rejected");
    // The reason, written from its key in the reader's language (English here).
    expect(mail.text).toContain("Too busy");
    expect(mail.text).toContain(`$${total.toFixed(2)} was refunded to your card.`);
    expect(mail.html).toContain(`$${total.toFixed(2)} was refunded to your card.`);
  });

  it("not confirmed in time: says the total was refunded to the card", async () => {
    const { user, order } = await placedByCard();
    await expireOverdueOrders(new Date(Date.now() + 24 * 3600_000));
    const read = await getReadableOrder(user, order.id);
    expect(read.status).toBe("Canceled");
    const mail = await mailOf(user.id, "order_expired");
    expect(mail.text).toContain("the restaurant did not confirm it.");
    expect(mail.text).toContain(`$${read.totalCost.toFixed(2)} was refunded to your card.`);
  });
});

describe("a team invitation's mail", () => {
  it("goes to the invitee, in their development mailbox and not the owner's, without the owner's unsubscribe link", async () => {
    const { inviteToTeam } = await import("../team/members");
    const { mailboxOf, mailboxOfAddress } = await import("./mailbox");
    const s = await shop();
    await inviteToTeam(s.owner, s.restaurant.id, { email: "cook@example.com", role: "staff" });
    const row = await db.notification.findFirstOrThrow({ where: { userId: s.owner.id, kind: "team_invitation", channel: "email" } });
    const mail = await renderMail(row);
    expect(mail.to).toBe("cook@example.com");
    expect(mail.unsubscribeUrl).toBeNull();
    expect(mail.text).not.toContain("/api/notifications/unsubscribe");
    expect(mail.html).not.toContain("/api/notifications/unsubscribe");
    // The development mailbox shows rows the worker marked sent.
    await db.notification.update({ where: { id: row.id }, data: { state: "sent", sentAt: new Date() } });
    expect((await mailboxOfAddress("Cook@example.com")).map((kept) => kept.to)).toEqual(["cook@example.com"]);
    expect((await mailboxOf(s.owner)).filter((kept) => kept.text.includes("/team/accept"))).toEqual([]);
  });
});
