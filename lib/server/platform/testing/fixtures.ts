import "server-only";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { db } from "../db";
import { sqlOf } from "../sql";
import { restaurantInput } from "./db";
import { createRestaurant } from "../../restaurants/manage";
import { moveWallet } from "../../wallet/ledger";
import { cardCheckout } from "@/lib/server/payments/card-checkout";
import { closeIncomingOrder } from "../../orders/complete";

// The integration tests' shared people (import after setUpTestDatabase, as the tests import the
// data layer: `const { customer, shop } = await import("./fixtures")`): a customer
// with money in the wallet and an address, and a restaurant with one $10 dish.

export const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
let serial = 0;

/** A customer with `walletCents` in the wallet (default $200), an address in San Francisco, and any other `data`. */
export async function customer(emailPrefix = "ada", { walletCents = 20_000, ...data }: { walletCents?: number } & Partial<Prisma.UserCreateInput> = {}): Promise<User> {
  const user = await db.user.create({
    data: { firstName: "Ada", email: `${emailPrefix}${++serial}@example.com`, address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...data },
  });
  if (walletCents) await db.$transaction((tx) => moveWallet(sqlOf(tx), { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return db.user.findUniqueOrThrow({ where: { id: user.id } });
}

/** An owner (email verified, so payouts may go) and their restaurant (`restaurantInput(name)`) with one $10 dish, "Dumplings". */
export async function shop(emailPrefix = "owner", name?: string) {
  const owner = await db.user.create({
    data: { firstName: "Owner", email: `${emailPrefix}${++serial}@example.com`, emailVerifiedAt: new Date(), restaurantOwner: true },
  });
  const restaurant = await createRestaurant(owner, restaurantInput(name));
  const dish = await db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}

/**
 * A customer's $35.00 card order at the restaurant (its $40.00 subtotal less an $8.00 discount, a
 * $3.00 service fee), placed as a card checkout places it (the customer's demo card authorized,
 * linked to the order) and completed by its owner: the card captured, and $26.00 earned by the
 * restaurant (15% commission, the discount), pending for the report window. Returns when it closed.
 */
export async function earnedCardOrder(owner: User, restaurant: { id: number; name: string }): Promise<Date> {
  const buyer = await db.user.create({ data: { firstName: "Ada" } });
  const money = { subtotalCents: 4_000, deliveryFeeCents: 0, priorityFeeCents: 0, serviceFeeCents: 300, tipCents: 0, discountCents: 800 };
  const totalCents = 3_500;
  const order = await cardCheckout(
    buyer,
    { paymentMethod: "card" },
    { fields: "", returnPath: "/checkout" },
    async () => totalCents,
    (payment) =>
      db.$transaction(async (tx) => {
        const placed = await tx.order.create({
          data: {
            userId: buyer.id,
            restaurantId: restaurant.id,
            restaurantName: restaurant.name,
            stage: "placed",
            paymentMethod: "card",
            pickup: true,
            ...money,
            totalCents,
            submittedAt: new Date(),
          },
        });
        await payment.pay(sqlOf(tx), { id: placed.id, totalCents });
        return placed;
      }),
  );
  await closeIncomingOrder(owner, restaurant.id, order.id, "Completed");
  return (await db.order.findUniqueOrThrow({ where: { id: order.id } })).closedAt!;
}
