import { describe, expect, it } from "vitest";
import { marketDate } from "@/lib/shared/time/schedule";
import { phoneOrderInputSchema } from "@/lib/contract/orders/phone-order-rules";
import { setUpTestDatabase } from "../platform/testing/db";

// A phone order of a dish with choices (docs/architecture/phone-orders.md, dish-options.md), on a
// real migrated database: the staff pick a required size and side as the customer's dialog does,
// and the server checks them exactly as at checkout (a required group, the most a group takes, a
// sold-out option, an option of another dish, a price sent) and prices them from the menu only. The
// placed line keeps its choices, shown on the board's card and the payment link's lines.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
  phone: await import("./phone-order"),
  json: await import("./to-json"),
  incoming: await import("./incoming"),
  link: await import("../payments/pay-link"),
};

/** A $10 plate with a required Size (Regular, Large +$1.25) and a required Side (Fries, Salad +$1.50, Soup sold out today), and up to 2 Extras. */
async function plate() {
  const s = await m.fixtures.shop();
  const dish = await m.db.menuItem.create({
    data: {
      restaurantId: s.restaurant.id,
      name: "Chicken plate",
      description: "d",
      priceCents: 1_000,
      foodImage: "/c.webp",
      foodType: "entree",
      allowsInstructions: true,
    },
  });
  const group = (name: string, position: number, minChoices: number, maxChoices: number, options: { name: string; priceDeltaCents: number; soldOutOn?: string }[]) =>
    m.db.optionGroup.create({
      data: { menuItemId: dish.id, name, minChoices, maxChoices, position, options: { create: options.map((option, index) => ({ ...option, position: index })) } },
      include: { options: { orderBy: { position: "asc" } } },
    });
  const size = await group("Size", 0, 1, 1, [
    { name: "Regular", priceDeltaCents: 0 },
    { name: "Large", priceDeltaCents: 125 },
  ]);
  const side = await group("Side", 1, 1, 1, [
    { name: "Fries", priceDeltaCents: 0 },
    { name: "Salad", priceDeltaCents: 150 },
    { name: "Soup", priceDeltaCents: 0, soldOutOn: marketDate() },
  ]);
  const extras = await group("Extras", 2, 0, 2, [
    { name: "Cheese", priceDeltaCents: 100 },
    { name: "Bacon", priceDeltaCents: 200 },
    { name: "Egg", priceDeltaCents: 125 },
  ]);
  const [regular, large] = size.options.map((o) => o.id);
  const [fries, salad, soup] = side.options.map((o) => o.id);
  const [cheese, bacon, egg] = extras.options.map((o) => o.id);
  return { ...s, plate: dish, ids: { regular: regular!, large: large!, fries: fries!, salad: salad!, soup: soup!, cheese: cheese!, bacon: bacon!, egg: egg! } };
}

const place = (s: Awaited<ReturnType<typeof plate>>, items: unknown[], payment = "link") =>
  m.sql.sqlTransaction(
    (sql) =>
      m.phone.placePhoneOrder(
        sql,
        s.owner,
        s.restaurant.id,
        phoneOrderInputSchema.parse({ name: "Rosa Diaz", phone: "415-555-0134", fulfilment: "pickup", payment, items }),
      ),
    { prisma: true },
  );

describe("a phone order of a dish with choices", () => {
  it("takes a required size and side (and instructions), priced from the menu; the line keeps its choices on the board and the payment link", async () => {
    const s = await plate();
    const order = await place(s, [
      { menuItemId: s.plate.id, quantity: 2, options: [s.ids.salad, s.ids.large], instructions: "Dressing on the side" },
      { menuItemId: s.plate.id, quantity: 1, options: [s.ids.regular, s.ids.fries, s.ids.cheese] },
      { menuItemId: s.dish.id, quantity: 1 },
    ]);
    // 2 x (10 + 1.25 + 1.50) + (10 + 1.00) + 10: the menu's prices, whatever the client believed.
    expect(order.subtotalCents).toBe(2 * 1_275 + 1_100 + 1_000);
    const copies = await m.db.orderItemOption.findMany({
      where: { orderItem: { orderId: order.id } },
      orderBy: { id: "asc" },
      select: { name: true, priceDeltaCents: true },
    });
    expect(copies.map((copy) => copy.name).sort()).toEqual(["Cheese", "Fries", "Large", "Regular", "Salad"]);

    const card = m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(s.owner, s.restaurant.id, order.id));
    const lines = card.orderItems.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      options: line.options.map((o) => [o.name, o.priceDelta]),
      instructions: line.instructions,
    }));
    expect(lines).toEqual([
      {
        name: "Chicken plate",
        quantity: 2,
        options: [
          ["Large", 1.25],
          ["Salad", 1.5],
        ],
        instructions: "Dressing on the side",
      },
      {
        name: "Chicken plate",
        quantity: 1,
        options: [
          ["Regular", 0],
          ["Fries", 0],
          ["Cheese", 1],
        ],
        instructions: null,
      },
      { name: "Dumplings", quantity: 1, options: [], instructions: null },
    ]);
    const view = await m.link.readPayLink(order.payLink!.url.split("/pay/")[1]!);
    expect(view.items).toEqual([
      { name: "Chicken plate", quantity: 2, options: ["Large", "Salad"], total: 25.5 },
      { name: "Chicken plate", quantity: 1, options: ["Regular", "Fries", "Cheese"], total: 11 },
      { name: "Dumplings", quantity: 1, options: [], total: 10 },
    ]);
    expect(await m.check.ledgerProblems(m.sql.plainSql())).toEqual([]);
  });

  it("checks the choices as checkout does: a missing required side, too many extras, a sold-out side, another dish's option, two sizes: a 400 naming the line, nothing written", async () => {
    const s = await plate();
    const other = await plate();
    const before = { orders: await m.db.order.count(), users: await m.db.user.count() };
    const refused = async (options: number[]) => {
      const error = await place(s, [{ menuItemId: s.plate.id, quantity: 1, options }], "door").catch((failure: unknown) => failure);
      expect(error, JSON.stringify(options)).toMatchObject({ status: 400 });
      // Named as the form sends the line, so the board's form shows it beside that line.
      expect(Object.keys((error as { errors: Record<string, string> }).errors)).toEqual(["items.0.options"]);
      return Object.values((error as { errors: Record<string, string> }).errors).join(" ");
    };
    expect(await refused([s.ids.large])).toContain("Choose 1 Side");
    expect(await refused([s.ids.large, s.ids.fries, s.ids.cheese, s.ids.bacon, s.ids.egg])).toContain("Choose up to 2 Extras");
    expect(await refused([s.ids.large, s.ids.soup])).toContain("Soup is sold out");
    expect(await refused([s.ids.large, other.ids.fries])).not.toBe("");
    expect(await refused([s.ids.large, s.ids.regular, s.ids.fries])).toContain("Choose 1 Size");
    // A price in the body is refused, never believed.
    expect(() =>
      phoneOrderInputSchema.parse({
        name: "Rosa",
        phone: "4155550134",
        fulfilment: "pickup",
        payment: "door",
        items: [{ menuItemId: s.plate.id, quantity: 1, options: [s.ids.large, s.ids.fries], price: 1 }],
      }),
    ).toThrow();
    expect({ orders: await m.db.order.count(), users: await m.db.user.count() }).toEqual(before);
    expect(await m.check.ledgerProblems(m.sql.plainSql())).toEqual([]);
  });
});
