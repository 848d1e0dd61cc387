import { describe, expect, it } from "vitest";
import { phoneOrderInputSchema } from "@/lib/contract/orders/phone-order-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Phone orders (docs/architecture/phone-orders.md) on a real migrated database: placed through
// placeOrder as any order (today's prices, fees, the restaurant's hours), for a guest named after
// the customer, paid at the door: the total charged to the restaurant's balance into clearing, the
// delivery's settlement leaving the restaurant owing exactly the platform's part and the tax, a
// reject giving it all back; a delivery paid at the door gets no courier job; anyone else's
// restaurant is a 404; the ledger balanced throughout.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  manage: await import("../restaurants/manage"),
  phone: await import("./phone-order"),
  accept: await import("./accept"),
  ready: await import("./ready"),
  out: await import("./out-for-delivery"),
  deliver: await import("./deliver"),
  reject: await import("./reject"),
  json: await import("./to-json"),
  incoming: await import("./incoming"),
};

const T0 = new Date("2026-11-26T03:10:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function shop(name = "Lantern Noodle House") {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput(name));
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "d", priceCents: 1_250, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

const body = (dishId: number, over: Record<string, unknown> = {}) =>
  phoneOrderInputSchema.parse({
    name: "Rosa Diaz",
    phone: "(415) 555-0134",
    fulfilment: "pickup",
    payment: "door",
    items: [{ menuItemId: dishId, quantity: 2 }],
    ...over,
  });

const place = (actor: { id: number; guestAccount: boolean }, restaurantId: number, input: ReturnType<typeof body>, now = T0) =>
  m.sql.sqlTransaction((sql) => m.phone.placePhoneOrder(sql, actor, restaurantId, input, now), { prisma: true });

const balance = (restaurantId: number) => m.post.balanceOf(m.sql.plainSql(), m.post.account.restaurant(restaurantId));
const balanced = async () => expect(await m.check.ledgerProblems(m.sql.plainSql())).toEqual([]);

describe("phone orders", () => {
  it("a pickup paid at the door: placed at today's prices for a guest named after the customer, marked on the board, the restaurant's balance owing the platform's part once delivered", async () => {
    const { owner, restaurant, dish } = await shop();
    const order = await place(owner, restaurant.id, body(dish.id));
    expect(order).toMatchObject({
      stage: "placed",
      pickup: true,
      paymentMethod: "door",
      phoneOrder: true,
      customerPhone: "4155550134",
      subtotalCents: 2_500,
      tipCents: 0,
    });
    expect(order.deliveryFeeCents).toBe(0);
    const guest = await m.db.user.findUniqueOrThrow({ where: { id: order.userId } });
    expect(guest).toMatchObject({ firstName: "Rosa Diaz", guestAccount: true });
    // The total is charged to the restaurant's balance into clearing at once (it holds the cash).
    expect(await balance(restaurant.id)).toBe(-order.totalCents);
    await balanced();
    const card = m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(owner, restaurant.id, order.id));
    expect(card).toMatchObject({ paymentMethod: "door", phoneOrder: { phone: "4155550134" }, customer: { firstName: "Rosa Diaz" } });
    const actions = await m.db.orderAction.findMany({ where: { orderId: order.id } });
    expect(actions.map((a) => [a.action, a.userId])).toEqual([["phone_order", owner.id]]);

    await m.accept.acceptOrder(owner, restaurant.id, order.id, 15, minutes(1));
    await m.ready.markReady(owner, restaurant.id, order.id, minutes(16));
    await m.deliver.markDelivered(owner, restaurant.id, order.id, minutes(20));
    // Delivered: the restaurant keeps its share of the cash; it owes the platform's fees and commission and the tax.
    const platform = await m.db.ledgerLine.aggregate({ where: { account: "platform", entry: { orderId: order.id } }, _sum: { amountCents: true } });
    const tax = await m.db.ledgerLine.aggregate({ where: { account: "tax", entry: { orderId: order.id } }, _sum: { amountCents: true } });
    expect(platform._sum.amountCents).toBeGreaterThan(0);
    expect(await balance(restaurant.id)).toBe(-(platform._sum.amountCents! + (tax._sum.amountCents ?? 0)));
    expect(await m.db.ledgerLine.aggregate({ where: { account: "clearing", entry: { orderId: order.id } }, _sum: { amountCents: true } })).toEqual({
      _sum: { amountCents: 0 },
    });
    await balanced();
  });

  it("a delivery paid at the door goes to the address given, with the restaurant's own staff: no courier job; a reject gives the balance back whole", async () => {
    const { owner, restaurant, dish } = await shop();
    const order = await place(
      owner,
      restaurant.id,
      body(dish.id, { fulfilment: "delivery", street: "9 Oak St", unit: "4B", city: "Springfield", state: "OR", zip: "97403", notes: "Ring twice" }),
    );
    expect(order).toMatchObject({ pickup: false, deliveryOption: "standard", deliveryStreet: "9 Oak St", deliveryZip: "97403", deliveryNote: "Unit 4B · Ring twice" });
    // The restaurant's own delivery: no Nosh delivery fee (phone-order-delivery.test.ts has the rest).
    expect(order).toMatchObject({ staffDelivery: true, deliveryFeeCents: 0 });
    await m.accept.acceptOrder(owner, restaurant.id, order.id, 15, minutes(1));
    expect(await m.db.deliveryJob.count({ where: { orderId: order.id } })).toBe(0);
    // The board's card carries the address its staff deliver to (a customer's order's stays the customer's).
    const card = m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(owner, restaurant.id, order.id));
    expect(card.deliveryAddress).toMatchObject({ address: "9 Oak St", zip: "97403", instructions: "Unit 4B · Ring twice" });
    await m.reject.cancelByRestaurant(owner, restaurant.id, order.id, { key: "canceledByRestaurant" }, "moved", minutes(2));
    expect(await balance(restaurant.id)).toBe(0);
    await balanced();
  });

  it("refusals name the phone order's fields and write nothing; another restaurant's owner gets a 404", async () => {
    const { owner, restaurant, dish } = await shop();
    const other = await shop("Other Kitchen");
    const users = await m.db.user.count();
    await expect(place(other.owner, restaurant.id, body(dish.id))).rejects.toMatchObject({ status: 404 });
    // A dish of another restaurant: a 400 naming items.
    await expect(place(owner, restaurant.id, body(other.dish.id))).rejects.toMatchObject({
      status: 400,
      errors: { items: expect.stringContaining("is not on this restaurant's menu") },
    });
    // An unknown ZIP: named `zip`.
    await expect(
      place(owner, restaurant.id, body(dish.id, { fulfilment: "delivery", street: "1 A St", city: "Nowhere", state: "OR", zip: "00000" })),
    ).rejects.toMatchObject({
      errors: { zip: expect.any(String) },
    });
    // Paused: refused as a checkout is (under deliveryOption), nothing written.
    await m.db.restaurant.update({ where: { id: restaurant.id }, data: { pausedUntil: minutes(30) } });
    await expect(place(owner, restaurant.id, body(dish.id))).rejects.toMatchObject({
      status: 409,
      errors: { deliveryOption: expect.stringContaining("is not taking orders until") },
    });
    expect(await m.db.user.count()).toBe(users);
    expect(await m.db.order.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    expect(await balance(restaurant.id)).toBe(0);
    await balanced();
  });

  it("the body's rules: a name and a 10-digit phone, the address for a delivery (by the staff or a courier), at the door or by a link, never cash for a courier", () => {
    const errors = (input: Record<string, unknown>) => {
      const parsed = phoneOrderInputSchema.safeParse({
        name: "Rosa",
        phone: "4155550134",
        fulfilment: "pickup",
        payment: "door",
        items: [{ menuItemId: 1, quantity: 1 }],
        ...input,
      });
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), inEnglish(issue.message)]));
    };
    expect(errors({})).toEqual({});
    expect(errors({ phone: "415.555.0134" })).toEqual({});
    expect(errors({ name: "  " })).toEqual({ name: "Enter the customer's name" });
    expect(errors({ phone: "555-0134" })).toEqual({ phone: "Phone number must be 10 digits" });
    expect(errors({ payment: "link" })).toEqual({});
    expect(errors({ payment: "cash" })).toEqual({ payment: "payment must be door (paid at pickup or at the door) or link (a card over a payment link)" });
    expect(errors({ fulfilment: "delivery", city: "Springfield" })).toEqual({
      street: "Enter the street address",
      state: "Enter the state",
      zip: "Enter the ZIP code",
    });
    expect(errors({ fulfilment: "delivery", street: "1 Main St, Apt 2", city: "S", state: "OR", zip: "97403" })).toEqual({
      street: "Put the apartment or suite in Unit, without commas here",
    });
    const address = { street: "1 Main St", city: "S", state: "OR", zip: "97403" };
    expect(errors({ fulfilment: "courier", payment: "link", ...address })).toEqual({});
    expect(errors({ fulfilment: "courier", payment: "link" })).toMatchObject({ street: "Enter the street address" });
    expect(errors({ fulfilment: "courier", payment: "door", ...address })).toEqual({
      payment: "A Nosh courier does not collect cash: send a payment link, or deliver it with your staff",
    });
    expect(errors({ fulfilment: "drone" })).toEqual({ fulfilment: "fulfilment must be pickup, delivery (by your staff) or courier (by a Nosh courier)" });
    expect(errors({ items: [] })).toEqual({ items: "An order needs at least one item" });
  });
});
