import "server-only";
import { submitOrderSchema } from "@/lib/validation/checkout";
import type { User } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import { restaurantInput } from "../platform/test-db";
import { createRestaurant } from "../restaurants/manage";
import { moveWallet } from "../wallet/ledger";

// The notification tests' shared people (import after setUpTestDatabase, as the tests import the
// data layer): a customer with $200 in the wallet and an address, and a restaurant with one dish.

export const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
let serial = 0;

export async function customer(emailPrefix = "ada"): Promise<User> {
  const user = await db.user.create({
    data: { firstName: "Ada", email: `${emailPrefix}${++serial}@example.com`, address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110" },
  });
  await db.$transaction((tx) => moveWallet(sqlOf(tx), { userId: user.id, amountCents: 20_000, kind: "topup" }));
  return db.user.findUniqueOrThrow({ where: { id: user.id } });
}

export async function shop(emailPrefix = "owner") {
  const owner = await db.user.create({ data: { firstName: "Owner", email: `${emailPrefix}${++serial}@example.com`, restaurantOwner: true } });
  const restaurant = await createRestaurant(owner, restaurantInput());
  const dish = await db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}
