import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { PROMO_SAID } from "@/lib/shared/money/promotions";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { createOrderSchema } from "@/lib/contract/orders/rules";
import { promotionInputSchema } from "@/lib/contract/promotions/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The wrong-code throttle (guesses.ts, platform/throttle.ts) against a real, migrated database
// (SQLite, or PostgreSQL with TEST_DATABASE_URL), through the quote as POST /api/orders/quote runs
// it: only unknown codes are guesses; 10 an hour lock an account, 100 an address (a campus).

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  quote: await import("../orders/quote"),
  promotions: await import("./manage"),
  guesses: await import("./guesses"),
};

const customer = () => m.db.user.create({ data: { firstName: "Ada" } });

async function restaurantWithDish() {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput("Campus Noodles"));
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}
type Shop = Awaited<ReturnType<typeof restaurantWithDish>>;

/** POST /api/orders/quote with a code, from `address`: the answer's status and its promoCode message. */
async function tryCode(user: User, address: string, shop: Shop, promoCode: string): Promise<{ status: number; message?: string }> {
  const submit = submitOrderSchema.parse({ deliveryOption: "standard", tip: 0, paymentMethod: "wallet", promoCode });
  const cart = createOrderSchema.parse({ restaurantId: shop.restaurant.id, items: [{ menuItemId: shop.dish.id, quantity: 1 }] });
  try {
    await m.guesses.withPromoCodeGuard(user.id, address, promoCode, "submit.promoCode", () =>
      m.sql.sqlTransaction((sql) => m.quote.quoteOrder(sql, user, { cart }, submit)),
    );
    return { status: 200 };
  } catch (error) {
    const refused = error as { status: number; errors?: Record<string, string> };
    return { status: refused.status, message: refused.errors?.["submit.promoCode"] };
  }
}

describe("wrong promo codes: only unknown codes are guesses", () => {
  it("15 customers behind one address trying a code that ran out are told so every time, and nobody is locked out", async () => {
    const shop = await restaurantWithDish();
    await m.promotions.createPromotion(shop.owner, shop.restaurant.id, promotionInputSchema.parse({ code: "POPULAR", kind: "amount", value: 2, totalLimit: 1 }));
    await m.db.promotion.updateMany({ where: { restaurantId: shop.restaurant.id }, data: { redeemedCount: 1 } });
    const campus = "10.20.30.40";
    const people = await Promise.all(Array.from({ length: 15 }, () => customer()));
    for (const person of people) expect(await tryCode(person, campus, shop, "popular")).toEqual({ status: 422, message: "This code is all used up." });
    // One of them, again and again: still the same answer, never a 429.
    for (let i = 0; i < 12; i++) expect(await tryCode(people[0]!, campus, shop, "popular")).toEqual({ status: 422, message: "This code is all used up." });
    expect(await tryCode(people[1]!, campus, shop, "nosuchcode")).toEqual({ status: 422, message: "We don't recognize that code. Check it and try again." });
  });

  it("ten unknown codes lock the account for the hour; the address takes a campus's hundred before it is locked", async () => {
    const shop = await restaurantWithDish();
    const campus = "10.20.30.41";
    const guesser = await customer();
    for (let i = 0; i < 10; i++) expect((await tryCode(guesser, campus, shop, `WRONG${i}`)).status).toBe(422);
    expect(await tryCode(guesser, campus, shop, "WRONG10")).toEqual({ status: 429, message: inEnglish(PROMO_SAID.tooMany) });
    expect((await tryCode(guesser, "10.99.99.99", shop, "WRONG11")).status).toBe(429);
    // Others behind the same address are not held back by one guesser...
    const classmates = await Promise.all(Array.from({ length: 9 }, () => customer()));
    expect((await tryCode(classmates[0]!, campus, shop, "TYPO")).status).toBe(422);
    // ...until the address as a whole has tried 100 unknown codes.
    for (const classmate of classmates) for (let i = classmate === classmates[0] ? 1 : 0; i < 10; i++) await tryCode(classmate, campus, shop, `NOPE${i}`);
    expect(await tryCode(await customer(), campus, shop, "ANOTHER")).toEqual({ status: 429, message: inEnglish(PROMO_SAID.tooMany) });
    expect((await tryCode(await customer(), "10.20.30.42", shop, "ANOTHER")).status).toBe(422);
  });
});
