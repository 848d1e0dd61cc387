import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// A kitchen's capacity (docs/architecture/kitchen.md "Capacity") on a real, migrated database
// (SQLite, and PostgreSQL with `npm run test:postgres -- lib/server/orders/kitchen-capacity.test.ts`):
// at most N orders per quarter hour; an order for now beyond it is a 409 naming the next free slot,
// charged nothing; scheduled orders count against their own slot; the limit frees itself.

setUpTestDatabase();
const m = {
  errors: await import("../platform/errors"),
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  check: await import("../ledger/check"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  kitchen: await import("../restaurants/kitchen"),
  place: await import("./place"),
  cancel: await import("./cancel"),
};

// 19:10 in Los Angeles (PST, UTC-8) on Nov 25, 2026; the restaurant is open 11:00 - 22:00, so
// today's slots are 8:00, 8:30, 9:00 and 9:30 PM.
const T0 = new Date("2026-11-26T03:10:00Z");
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);
const EIGHT = "2026-11-26T04:00:00.000Z";
const EIGHT_THIRTY = "2026-11-26T04:30:00.000Z";
const TOPUP = 100_000;

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: TOPUP, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function kitchen(capacityPer15: number | null) {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" },
  });
  expect(await m.kitchen.setCapacity(owner, restaurant.id, { capacityPer15 })).toEqual({ capacityPer15 });
  return { owner, restaurant, dish };
}

const forNow = { deliveryOption: "standard", tip: 0, paymentMethod: "wallet" } as const;
const forSlot = (scheduledFor: string) => ({ deliveryOption: "schedule", scheduledFor, tip: 0, paymentMethod: "wallet" }) as const;
const checkout = (user: User, restaurantId: number, dishId: number, submit: object, when: Date) => {
  const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId: dishId, quantity: 1 }], submit });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), when));
};
const placedCount = (restaurantId: number) => m.db.order.count({ where: { restaurantId, stage: "placed" } });
const balance = (userId: number) => m.ledger.walletBalance(m.sql.sqlOf(m.db), userId);
const fullNow = "Lantern Noodle House's kitchen is full right now. The next free time is 8:00 PM: schedule your order for then.";

describe("A kitchen's capacity", () => {
  it("without a limit takes every order, as checkout always did", async () => {
    const { restaurant, dish } = await kitchen(null);
    const users = await Promise.all(Array.from({ length: 8 }, customer));
    const results = await Promise.allSettled(users.map((user) => checkout(user, restaurant.id, dish.id, forNow, T0)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(8);
  });

  it("20 parallel checkouts at a nearly full kitchen: exactly the free places are taken, the rest offered the next slot, charged nothing", async () => {
    const { restaurant, dish } = await kitchen(5);
    for (const user of await Promise.all([customer(), customer()])) await checkout(user, restaurant.id, dish.id, forNow, T0);
    const users = await Promise.all(Array.from({ length: 20 }, customer));
    const results = await Promise.allSettled(users.map((user) => checkout(user, restaurant.id, dish.id, forNow, minutes(T0, 1))));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const error of refused) {
      expect(error).toMatchObject({ status: 409, message: fullNow, errors: { "submit.deliveryOption": fullNow }, extra: { nextSlot: EIGHT } });
    }
    // A Spanish request reads it in Spanish, its time the Spanish way.
    const spanish = "La cocina de Lantern Noodle House está llena en este momento. El próximo horario libre es 20:00: programa tu pedido para entonces.";
    expect(JSON.parse(await m.errors.errorResponse(refused[0], "es").text())).toMatchObject({ message: spanish, errors: { "submit.deliveryOption": spanish } });
    expect(await placedCount(restaurant.id)).toBe(5);
    // None lost, none charged twice: each placed customer paid once, each refused one nothing.
    const paid = (await Promise.all(users.map((user) => balance(user.id)))).filter((cents) => cents < TOPUP);
    expect(paid).toHaveLength(3);
    expect(await m.db.order.count({ where: { restaurantId: restaurant.id } })).toBe(5);
    expect(await m.check.ledgerProblems(m.sql.sqlOf(m.db))).toEqual([]);
    // Offered the slot, the refused customer's order is taken for it.
    const again = await checkout(
      users.find((_, i) => results[i]!.status === "rejected")!,
      restaurant.id,
      dish.id,
      forSlot(EIGHT),
      minutes(T0, 2),
    );
    expect(again.scheduledFor?.toISOString()).toBe(EIGHT);
  });

  it("recovers by itself in the next quarter hour, and a canceled order gives its place back", async () => {
    const { restaurant, dish } = await kitchen(1);
    const first = await customer();
    const order = await checkout(first, restaurant.id, dish.id, forNow, T0);
    const second = await customer();
    await expect(checkout(second, restaurant.id, dish.id, forNow, minutes(T0, 2))).rejects.toMatchObject({ status: 409 });
    await m.cancel.cancelOrder(first, order.id, minutes(T0, 3));
    await checkout(second, restaurant.id, dish.id, forNow, minutes(T0, 3));
    const third = await customer();
    await expect(checkout(third, restaurant.id, dish.id, forNow, minutes(T0, 4))).rejects.toMatchObject({ status: 409 });
    // 19:15: a quarter hour of its own.
    await checkout(third, restaurant.id, dish.id, forNow, minutes(T0, 5));
  });

  it("counts scheduled orders against their own slot, and offers the next slot with room", async () => {
    const { restaurant, dish } = await kitchen(1);
    await checkout(await customer(), restaurant.id, dish.id, forSlot(EIGHT), T0);
    const message = "Lantern Noodle House's kitchen is full at 8:00 PM. The next free time is 8:30 PM: schedule your order for then.";
    await expect(checkout(await customer(), restaurant.id, dish.id, forSlot(EIGHT), T0)).rejects.toMatchObject({
      status: 409,
      message,
      errors: { "submit.scheduledFor": message },
      extra: { nextSlot: EIGHT_THIRTY },
    });
    // An order for now is in another quarter hour: taken.
    await checkout(await customer(), restaurant.id, dish.id, forNow, T0);
    // Now full too: the next free time skips the full 8:00 PM.
    await expect(checkout(await customer(), restaurant.id, dish.id, forNow, T0)).rejects.toMatchObject({ status: 409, extra: { nextSlot: EIGHT_THIRTY } });
  });

  it("refuses a capacity outside 1 to 500 beside the field", async () => {
    const { capacityInputSchema } = await import("@/lib/contract/restaurants/kitchen-rules");
    for (const capacityPer15 of [0, 501, 2.5, "5"]) {
      const parsed = capacityInputSchema.safeParse({ capacityPer15 });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["capacityPer15"]);
    }
    expect(capacityInputSchema.parse({ capacityPer15: null })).toEqual({ capacityPer15: null });
  });
});
