import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema, type PlaceOrderInput } from "@/lib/contract/orders/rules";
import { promotionInputSchema } from "@/lib/contract/promotions/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { errorTextIn } from "../platform/errors";

// The offers restaurants run (docs/architecture/promotions.md "Offers") against a real, migrated
// database (SQLite, or PostgreSQL with TEST_DATABASE_URL): a buy one get one and a free dish priced
// on the server's lines, the reason a cart does not qualify in English and Spanish, a section's
// percent only in its window on the restaurant's clock, who pays booked at settlement through the
// ledger's one writer (its checks holding), the stacking rule, a first-order offer under a race,
// and the bad input refused beside its field.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  post: await import("../ledger/post"),
  money: await import("../ledger/orders"),
  check: await import("../ledger/check"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  quote: await import("../orders/quote"),
  promotions: await import("./manage"),
  platform: await import("./platform-offers"),
};

/** A customer whose wallet holds paid money (a card top-up's entry, as payments/state.ts posts it): their orders' earnings are payable. */
async function customer(walletCents = 100_000): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  const { account, post } = m.post;
  const lines = [
    { account: account.external, amountCents: -walletCents },
    { account: account.walletPaid(user.id), amountCents: walletCents },
  ];
  await m.sql.sqlTransaction((sql) => post(sql, { kind: "topup", lines }));
  return user;
}

/** A restaurant in New York with a pizza (12.00) and a lemonade (3.00) in a Drinks section. */
async function shop(name = "Offer Pizzeria") {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput(name));
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: { timeZone: "America/New_York" } });
  const drinks = await m.db.menuSection.create({ data: { restaurantId: restaurant.id, name: "Drinks", position: 0 } });
  const dish = (dishName: string, priceCents: number, sectionId: number | null = null) =>
    m.db.menuItem.create({ data: { restaurantId: restaurant.id, name: dishName, description: "d", priceCents, foodImage: "/d.webp", foodType: "entree", sectionId } });
  return { owner, restaurant, drinks, pizza: await dish("Margherita", 1_200), lemonade: await dish("Lemonade", 300, drinks.id) };
}

const offer = (owner: User, restaurantId: number, body: object) => m.promotions.createPromotion(owner, restaurantId, promotionInputSchema.parse(body));
const cart = (restaurantId: number, items: [number, number][], submit: object = {}) =>
  placeOrderSchema.parse({
    restaurantId,
    items: items.map(([menuItemId, quantity]) => ({ menuItemId, quantity })),
    submit: { deliveryOption: "standard", tip: 0, paymentMethod: "wallet", ...submit },
  });
// 15:30 in New York (open 11:00-22:00), and 18:00.
const AFTERNOON = new Date("2026-12-02T20:30:00Z");
const EVENING = new Date("2026-12-02T23:00:00Z");
const checkout = (user: User, input: PlaceOrderInput, now = AFTERNOON) =>
  m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), now));
const quote = (user: User, input: PlaceOrderInput, now = AFTERNOON, locale: "en" | "es" = "en") =>
  m.sql.sqlTransaction((sql) => m.quote.quoteOrder(sql, user, { cart: input }, input.submit!, now, locale), { prisma: true });
const balance = async (id: string) => (await m.db.ledgerAccount.findUnique({ where: { id } }))?.balanceCents ?? 0;
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: { status: number; errors: Record<string, string> }) => ({ status: e.status, errors: e.errors }),
  );

describe("offers restaurants run", () => {
  it("buy one get one: of every two of the dish the cheaper is free, priced on the server's lines; the quote says each dish's saving", async () => {
    const { owner, restaurant, pizza, lemonade } = await shop();
    await offer(owner, restaurant.id, { kind: "bogo", dishId: pizza.id });
    const user = await customer();
    const one = await quote(user, cart(restaurant.id, [[pizza.id, 1]]));
    expect(one).toMatchObject({ discount: 0, unavailableOffers: [{ label: "Buy 1 Margherita, get 1 free" }] });
    expect(errorTextIn("en", one.unavailableOffers[0]!.reason)).toBe("Add 1 more Margherita to get one free");
    // In Spanish, the offer's label and its reason alike.
    const spanish = await quote(user, cart(restaurant.id, [[pizza.id, 1]]), AFTERNOON, "es");
    expect(spanish.unavailableOffers).toMatchObject([{ label: "Compra 1 Margherita y llévate 1 gratis", reason: "Añade 1 más de Margherita y llévate uno gratis" }]);
    const input = cart(restaurant.id, [
      [pizza.id, 3],
      [lemonade.id, 1],
    ]);
    expect(await quote(user, input)).toMatchObject({ discount: 12, offerSavings: [{ menuItemId: pizza.id, saving: 12, label: "Buy 1 Margherita, get 1 free" }] });
    const order = await checkout(user, input);
    // 3 pizzas and a lemonade: 39.00, one pizza free; the tip and service fee on the subtotal before it.
    expect(order).toMatchObject({ subtotalCents: 3_900, discountCents: 1_200, serviceFeeCents: 390 });
    expect(order.totalCents).toBe(3_900 + 649 + 390 - 1_200);
  });

  it("a free dish over a basket size: 'Add $3.50 more for a free Lemonade' below it (counted without the lemonade), free from it", async () => {
    const { owner, restaurant, pizza, lemonade } = await shop();
    await offer(owner, restaurant.id, { kind: "free_item", dishId: lemonade.id, minSubtotal: 15.5 });
    const user = await customer();
    const short = await quote(
      user,
      cart(restaurant.id, [
        [pizza.id, 1],
        [lemonade.id, 1],
      ]),
    );
    expect(short.discount).toBe(0);
    expect(errorTextIn("en", short.unavailableOffers[0]!.reason)).toBe("Add $3.50 more for a free Lemonade");
    const spanish = await quote(
      user,
      cart(restaurant.id, [
        [pizza.id, 1],
        [lemonade.id, 1],
      ]),
      AFTERNOON,
      "es",
    );
    expect(spanish.unavailableOffers[0]!.reason).toBe("Añade $3.50 más y llévate Lemonade gratis");
    const noDrink = await quote(user, cart(restaurant.id, [[pizza.id, 2]]));
    expect(errorTextIn("en", noDrink.unavailableOffers[0]!.reason)).toBe("Add Lemonade to your cart: it's free with this order");
    const order = await checkout(
      user,
      cart(restaurant.id, [
        [pizza.id, 2],
        [lemonade.id, 2],
      ]),
    );
    expect(order).toMatchObject({ subtotalCents: 3_000, discountCents: 300 });
  });

  it("a section's percent applies only inside its daily window, on the restaurant's clock", async () => {
    const { owner, restaurant, pizza, lemonade } = await shop();
    await offer(owner, restaurant.id, {
      kind: "section_percent",
      value: 50,
      sectionId: (await m.db.menuSection.findFirstOrThrow({ where: { restaurantId: restaurant.id } })).id,
      windowFrom: "15:00",
      windowUntil: "17:00",
    });
    const user = await customer();
    const input = cart(restaurant.id, [
      [pizza.id, 1],
      [lemonade.id, 3],
    ]);
    expect(await quote(user, input, AFTERNOON)).toMatchObject({ discount: 4.5, offerSavings: [{ menuItemId: lemonade.id, saving: 4.5 }] });
    const evening = await quote(user, input, EVENING);
    expect(evening.discount).toBe(0);
    expect(errorTextIn("en", evening.unavailableOffers[0]!.reason)).toBe("Only 3:00 PM - 5:00 PM");
  });

  it("who pays: a restaurant's offer comes off its share; the platform's is paid from the promotions account and the restaurant gets its full share; the ledger's checks hold", async () => {
    const { owner, restaurant, pizza } = await shop();
    const nia = await m.db.user.create({ data: { firstName: "Nia", operator: true } });
    const paid = await m.platform.createPlatformOffer(nia, restaurant.id, promotionInputSchema.parse({ kind: "bogo", dishId: pizza.id }));
    expect(paid.fundedBy).toBe("platform");
    const funded = async (orderId: number) => (await m.db.order.findUniqueOrThrow({ where: { id: orderId } })).platformFundedCents;
    // Settled (ledger/orders.ts settleOrder, through post()): what the restaurant and the promotions account moved.
    const settle = async (orderId: number) => {
      const [restaurantBefore, promotionsBefore] = [await balance(`restaurant:${restaurant.id}`), await balance("promotions")];
      await m.sql.sqlTransaction((sql) => m.money.settleOrder(sql, orderId));
      return { restaurant: (await balance(`restaurant:${restaurant.id}`)) - restaurantBefore, promotions: (await balance("promotions")) - promotionsBefore };
    };
    const order = await checkout(await customer(), cart(restaurant.id, [[pizza.id, 2]]));
    expect(order).toMatchObject({ subtotalCents: 2_400, discountCents: 1_200, totalCents: 2_400 + 649 + 240 - 1_200 });
    expect(await funded(order.id)).toBe(1_200);
    // Commission 15% of 24.00 = 3.60: the restaurant keeps 20.40 as if there were no discount (and, with no courier, the 6.49 delivery fee).
    expect(await settle(order.id)).toEqual({ restaurant: 2_400 - 360 + 649, promotions: -1_200 });

    // The same offer funded by the restaurant: off its share; the promotions account moves nothing.
    await m.platform.endPlatformOffer(nia, restaurant.id, paid.id);
    await offer(owner, restaurant.id, { kind: "bogo", dishId: pizza.id });
    const own = await checkout(await customer(), cart(restaurant.id, [[pizza.id, 2]]));
    expect(own.discountCents).toBe(1_200);
    expect(await funded(own.id)).toBe(0);
    expect(await settle(own.id)).toEqual({ restaurant: 2_400 - 360 - 1_200 + 649, promotions: 0 });
    expect(await m.db.$transaction((tx) => m.check.ledgerProblems(m.sql.sqlOf(tx)))).toEqual([]);
  });

  it("a code wins over an offer, unless the offer combines with codes: then both, each on the order before discounts", async () => {
    const { owner, restaurant, pizza } = await shop();
    await offer(owner, restaurant.id, { code: "TAKE2", kind: "amount", value: 2, perCustomerLimit: null });
    const bogo = await offer(owner, restaurant.id, { kind: "bogo", dishId: pizza.id });
    const user = await customer();
    const alone = await checkout(user, cart(restaurant.id, [[pizza.id, 2]], { promoCode: "take2" }));
    expect(alone.discountCents).toBe(200);
    await m.db.promotion.update({ where: { id: bogo.id }, data: { stacksWithCode: true } });
    const both = await checkout(user, cart(restaurant.id, [[pizza.id, 2]], { promoCode: "take2" }));
    expect(both.discountCents).toBe(1_400);
    expect(await m.db.promotionRedemption.count({ where: { orderId: both.id } })).toBe(2);
  });

  it("a first-order offer is taken once per customer and restaurant when checkouts race", async () => {
    const { owner, restaurant, pizza } = await shop();
    await offer(owner, restaurant.id, { kind: "amount", value: 5, firstOrderOnly: true });
    const racer = await customer();
    const results = await Promise.allSettled([0, 1, 2].map(() => checkout(racer, cart(restaurant.id, [[pizza.id, 1]]))));
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(placed.filter((order) => order.discountCents > 0)).toHaveLength(1);
    expect(await m.db.promotionRedemption.count({ where: { userId: racer.id } })).toBe(1);
  });

  it("bad input is refused beside its field and nothing is written", async () => {
    const { owner, restaurant } = await shop();
    const other = await shop("Elsewhere");
    const parse = (body: object) => promotionInputSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join("."), errorTextIn("en", issue.message)]);
    expect(await refusal(offer(owner, restaurant.id, { kind: "bogo", dishId: other.pizza.id }))).toEqual({
      status: 400,
      errors: { dishId: "Choose a dish of this restaurant's menu" },
    });
    expect(parse({ kind: "section_percent", value: 10, sectionId: 1, windowFrom: "17:00", windowUntil: "15:00" })).toEqual([
      ["windowUntil", "The window must end after it starts"],
    ]);
    expect(parse({ kind: "amount", value: -3 })).toEqual([["value", "Amount must be more than $0 and at most $1000, with at most two decimals"]]);
    expect(parse({ kind: "free_item", dishId: 1 })).toEqual([["minSubtotal", "Give the basket size the free dish needs (more than $0)"]]);
    expect(parse({ kind: "bogo", code: "BOGO1", dishId: 1 })).toEqual([["code", "An offer of this kind applies without a code: leave the code empty"]]);
    expect(await m.db.promotion.count({ where: { restaurantId: restaurant.id } })).toBe(0);
  });
});
