import "server-only";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import type { PayWith } from "@/lib/shared/delivery/deliveries";
import { checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";
import { marketOfRestaurant } from "../markets/markets";
import { db } from "../platform/db";
import { sqlTransaction } from "../platform/sql";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { fundsOf, openDeliveries, openLimitOf, wayNow } from "./pay";

// What the restaurant's API keys page says of paying for delivery requests (the `deliveries`
// scope, docs/architecture/api-keys.md "Paying for a delivery"): the fee, how a delivery asked for
// now would be paid (pay.ts wayNow: null, refused), the owner's card, and the deliveries on their
// way against the owner's limit. Reads only: a card the owner has not saved is not there.

export type DeliveryPaymentNote = {
  feeCents: number;
  currency: string;
  payWith: PayWith | null;
  card: string | null;
  open: number;
  /** The most on their way at once (0: no limit). */
  openMax: number;
  emailVerified: boolean;
};

export async function deliveryPaymentNote(actor: Actor, restaurantId: number, now = new Date()): Promise<DeliveryPaymentNote> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const feeCents = checkoutDeliveryFeeCents("standard");
  const [funds, { currency }, owner, open] = await Promise.all([
    sqlTransaction((sql) => fundsOf(sql, restaurant, now)),
    marketOfRestaurant(restaurantId),
    db.user.findUnique({ where: { id: restaurant.ownerId }, select: { emailVerifiedAt: true } }),
    openDeliveries(db, restaurant.ownerId),
  ]);
  const emailVerified = Boolean(owner?.emailVerifiedAt);
  return {
    feeCents,
    currency,
    payWith: wayNow(funds, feeCents),
    card: funds.card ? cardLabel(funds.card) : null,
    open,
    openMax: openLimitOf(emailVerified),
    emailVerified,
  };
}
