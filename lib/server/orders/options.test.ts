import { describe, expect, it } from "vitest";
import { marketDate } from "@/lib/shared/time/schedule";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { menuItemUpdateSchema } from "@/lib/contract/menu/rules";
import { DIET_CODES, toMask } from "@/lib/shared/menu/allergens";
import { setUpTestDatabase, restaurantInput } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// Dish options against a real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// the owner's replace-the-list write, lines priced from the database with their choices copied,
// submit at today's deltas, and reorder naming the lines whose choices changed.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  ownerMenu: await import("../menu/owner-menu"),
  menuItems: await import("../menu/menu-items"),
  create: await import("./create"),
  place: await import("./place"),
  reorder: await import("./reorder"),
  json: await import("./to-json"),
};

const groups = (optionGroups: unknown) => menuItemUpdateSchema.parse({ optionGroups }).optionGroups!;
const SIZE = {
  name: "Size",
  minChoices: 1,
  maxChoices: 1,
  options: [
    { name: "Small", priceDelta: 0 },
    { name: "Large", priceDelta: 3.5 },
  ],
};
const EXTRAS = {
  name: "Extras",
  minChoices: 0,
  maxChoices: 2,
  options: [
    { name: "Cheese", priceDelta: 1 },
    { name: "Bacon", priceDelta: 2 },
    { name: "Egg", priceDelta: 1.25 },
  ],
};

async function pizzeria() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const item = await m.ownerMenu.createMenuItem(owner, {
    restaurantId: restaurant.id,
    name: "Margherita",
    description: "Tomato and basil.",
    priceCents: 1_200,
    foodImage: "/m.webp",
    foodType: "entree",
    allowsInstructions: true,
    optionGroups: groups([SIZE, EXTRAS]),
  });
  const json = m.menuItems.menuItemToJson(item);
  const id = (group: number, option: number) => json.optionGroups[group]!.options[option]!.id;
  return { owner, restaurant, item, json, id };
}

async function customer() {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 100_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

const order = (
  user: Awaited<ReturnType<typeof customer>>,
  restaurantId: number,
  items: { menuItemId: number; quantity: number; options?: number[]; instructions?: string }[],
) => m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId, items }));

describe("a dish's option groups", () => {
  it("are served in display order with deltas in dollars", async () => {
    const { json } = await pizzeria();
    expect(json.allowsInstructions).toBe(true);
    expect(json.optionGroups.map((g) => [g.name, g.required, g.minChoices, g.maxChoices, g.options.map((o) => [o.name, o.priceDelta, o.available])])).toEqual([
      [
        "Size",
        true,
        1,
        1,
        [
          ["Small", 0, true],
          ["Large", 3.5, true],
        ],
      ],
      [
        "Extras",
        false,
        0,
        2,
        [
          ["Cheese", 1, true],
          ["Bacon", 2, true],
          ["Egg", 1.25, true],
        ],
      ],
    ]);
  });

  it("an update replaces the list: ids sent keep their rows, missing ones go, new ones come, order follows the array", async () => {
    const { owner, item, json, id } = await pizzeria();
    const [size, extras] = json.optionGroups;
    const updated = await m.ownerMenu.updateMenuItem(owner, item.id, {
      optionGroups: groups([
        {
          id: extras!.id,
          name: "Toppings",
          minChoices: 0,
          maxChoices: 1,
          options: [
            { id: id(1, 1), name: "Bacon", priceDelta: 2.5 },
            { name: "Olives", priceDelta: 0.75 },
          ],
        },
        {
          id: size!.id,
          name: "Size",
          minChoices: 1,
          maxChoices: 1,
          options: [
            { id: id(0, 1), name: "Large", priceDelta: 4, available: false },
            { id: id(0, 0), name: "Small", priceDelta: 0 },
          ],
        },
      ]),
    });
    const after = m.menuItems.menuItemToJson(updated).optionGroups;
    expect(after.map((g) => g.id)).toEqual([extras!.id, size!.id]);
    expect(after[0]!.options.map((o) => [o.name, o.priceDelta])).toEqual([
      ["Bacon", 2.5],
      ["Olives", 0.75],
    ]);
    expect(after[0]!.options[0]!.id).toBe(id(1, 1));
    expect(after[1]!.options.map((o) => [o.id, o.available])).toEqual([
      [id(0, 1), false],
      [id(0, 0), true],
    ]);
    expect(await m.db.menuOption.count({ where: { id: { in: [id(1, 0), id(1, 2)] } } })).toBe(0);
    // Sold out is for the marketplace's today only.
    expect((await m.db.menuOption.findUniqueOrThrow({ where: { id: id(0, 1) } })).soldOutOn).toBe(marketDate());
    await m.db.menuOption.update({ where: { id: id(0, 1) }, data: { soldOutOn: "2000-01-01" } });
    expect(m.menuItems.menuItemToJson(await m.menuItems.findMenuItems([item.id]).then((r) => r[0]!)).optionGroups[1]!.options[0]!.available).toBe(true);
  });

  it("an id of another dish's group or option is a 400 naming it, and nothing changes", async () => {
    const a = await pizzeria();
    const b = await pizzeria();
    await expect(m.ownerMenu.updateMenuItem(a.owner, a.item.id, { optionGroups: groups([{ ...SIZE, id: b.json.optionGroups[0]!.id }]) })).rejects.toMatchObject({
      status: 400,
      errors: { "optionGroups.0.id": "This option group is not on this dish" },
    });
    await expect(
      m.ownerMenu.updateMenuItem(a.owner, a.item.id, { optionGroups: groups([{ ...SIZE, options: [{ id: b.id(0, 0), name: "Small", priceDelta: 0 }] }]) }),
    ).rejects.toMatchObject({ status: 400, errors: { "optionGroups.0.options.0.id": "This option is not on this dish" } });
    expect(m.menuItems.menuItemToJson((await m.menuItems.findMenuItems([a.item.id]))[0]!).optionGroups).toEqual(a.json.optionGroups);
  });

  it("an option's contents are written, kept when a later write leaves them out, and shape the order line's labels", async () => {
    const { owner, item, id } = await pizzeria();
    await m.db.menuItem.update({ where: { id: item.id }, data: { dietLabels: toMask(DIET_CODES, ["vegetarian", "halal"]) } });
    const bacon = { id: id(1, 1), name: "Bacon", priceDelta: 2, removesLabels: ["vegetarian", "vegan", "halal"], allergens: ["mustard"] };
    const extras = (bacon: Record<string, unknown>) => ({ ...EXTRAS, id: undefined, options: [{ id: id(1, 0), name: "Cheese", priceDelta: 1 }, bacon] });
    await m.ownerMenu.updateMenuItem(owner, item.id, {
      optionGroups: groups([{ ...SIZE, options: SIZE.options.map((o, i) => ({ ...o, id: id(0, i) })) }, extras(bacon)]),
    });
    const read = async () => m.menuItems.menuItemToJson((await m.menuItems.findMenuItems([item.id]))[0]!).optionGroups[1]!.options[1]!;
    expect(await read()).toMatchObject({ name: "Bacon", allergens: ["mustard"], removesLabels: ["vegetarian", "vegan", "halal"] });
    // A menu file or an older client sends the option without them: they stay.
    const { removesLabels: _r, allergens: _a, ...plain } = bacon;
    await m.ownerMenu.updateMenuItem(owner, item.id, {
      optionGroups: groups([{ ...SIZE, options: SIZE.options.map((o, i) => ({ ...o, id: id(0, i) })) }, extras(plain)]),
    });
    expect(await read()).toMatchObject({ allergens: ["mustard"], removesLabels: ["vegetarian", "vegan", "halal"] });

    const placed = await order(await customer(), item.restaurantId, [
      { menuItemId: item.id, quantity: 1, options: [id(0, 0), id(1, 1)] },
      { menuItemId: item.id, quantity: 1, options: [id(0, 0)] },
    ]);
    const expected = [
      [[], ["mustard"]],
      [["vegetarian", "halal"], []],
    ];
    // As created (the checkout's own read) and as read again.
    expect(m.json.orderToJson(placed).orderItems.map((l) => [l.dietLabels, l.allergens])).toEqual(expected);
    const again = await m.db.order.findUniqueOrThrow({ where: { id: placed.id }, include: (await import("./include")).orderInclude });
    expect(m.json.orderToJson(again).orderItems.map((l) => [l.dietLabels, l.allergens])).toEqual(expected);
  });

  it("another owner's dish is a 404", async () => {
    const { item } = await pizzeria();
    const stranger = await m.db.user.create({ data: { firstName: "Sam" } });
    await expect(m.ownerMenu.updateMenuItem(stranger, item.id, { optionGroups: [] })).rejects.toMatchObject({ status: 404 });
  });
});

describe("order lines with choices", () => {
  it("are priced from the database, keep copies of the choices, and the same dish with other choices is another line", async () => {
    const { restaurant, item, id } = await pizzeria();
    const user = await customer();
    const created = await order(user, restaurant.id, [
      { menuItemId: item.id, quantity: 2, options: [id(1, 2), id(0, 1), id(1, 0)], instructions: " well done " },
      { menuItemId: item.id, quantity: 1, options: [id(0, 0)] },
      { menuItemId: item.id, quantity: 1, options: [id(1, 0), id(0, 1), id(1, 2)], instructions: "well done" },
    ]);
    // (12.00 + 3.50 + 1.00 + 1.25) x 3 + 12.00 = 65.25
    expect(created.subtotalCents).toBe(6_525);
    const json = m.json.orderToJson(created);
    expect(
      json.orderItems.map((l) => [l.quantity, l.unitPrice, l.price, l.currentPrice, l.instructions, l.options.map((o) => `${o.group}: ${o.name} +${o.priceDelta}`)]),
    ).toEqual([
      [3, 17.75, 17.75, 17.75, "well done", ["Size: Large +3.5", "Extras: Cheese +1", "Extras: Egg +1.25"]],
      [1, 12, 12, 12, null, ["Size: Small +0"]],
    ]);
    // The read back is the same as the create's answer.
    const read = await m.db.order.findUniqueOrThrow({ where: { id: created.id }, include: (await import("./include")).orderInclude });
    expect(m.json.orderToJson(read).orderItems).toEqual(json.orderItems);
  });

  it.each([
    ["no size", [], "items.0.options", "Choose 1 Size for Margherita"],
    ["two sizes", [0, 1].map((o) => [0, o] as const), "items.0.options", "Choose 1 Size for Margherita"],
    [
      "three extras",
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [1, 2],
      ] as const,
      "items.0.options",
      "Choose up to 2 Extras for Margherita",
    ],
    [
      "the same extra twice",
      [
        [0, 0],
        [1, 0],
        [1, 0],
      ] as const,
      "items.0.options",
      "Cheese is chosen more than once for Margherita",
    ],
  ] as [string, (readonly [number, number])[], string, string][])(
    "%s is a 400 naming the line and the group; nothing is created",
    async (_name, picks, field, message) => {
      const { restaurant, item, id } = await pizzeria();
      const user = await customer();
      await expect(order(user, restaurant.id, [{ menuItemId: item.id, quantity: 1, options: picks.map(([g, o]) => id(g, o)) }])).rejects.toMatchObject({
        status: 400,
        errors: { [field]: message },
      });
      expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    },
  );

  it("an option of another dish, a sold-out option and instructions on a dish without them are refused", async () => {
    const a = await pizzeria();
    const b = await pizzeria();
    const user = await customer();
    await expect(order(user, a.restaurant.id, [{ menuItemId: a.item.id, quantity: 1, options: [b.id(0, 0)] }])).rejects.toMatchObject({
      status: 400,
      errors: { "items.0.options": "One of the choices is not offered for Margherita" },
    });
    await m.db.menuOption.update({ where: { id: a.id(0, 1) }, data: { soldOutOn: marketDate() } });
    await expect(order(user, a.restaurant.id, [{ menuItemId: a.item.id, quantity: 1, options: [a.id(0, 1)] }])).rejects.toMatchObject({
      errors: { "items.0.options": "Large is sold out for Margherita" },
    });
    await m.db.menuItem.update({ where: { id: a.item.id }, data: { allowsInstructions: false } });
    await expect(order(user, a.restaurant.id, [{ menuItemId: a.item.id, quantity: 1, options: [a.id(0, 0)], instructions: "extra crispy" }])).rejects.toMatchObject({
      errors: { "items.0.instructions": "Margherita does not take special instructions" },
    });
  });

  it("submit charges today's deltas; a past order keeps its copies after the menu changes", async () => {
    const { owner, restaurant, item, json, id } = await pizzeria();
    const user = await customer();
    const active = await order(user, restaurant.id, [{ menuItemId: item.id, quantity: 2, options: [id(0, 1), id(1, 0)] }]);
    await m.db.menuOption.update({ where: { id: id(0, 1) }, data: { priceDeltaCents: 400 } });
    const standard = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
    const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, standard, paymentFor(standard)));
    expect(placed.subtotalCents).toBe(2 * (1_200 + 400 + 100));
    const line = m.json.orderToJson(placed).orderItems[0]!;
    expect([line.unitPrice, line.options.map((o) => o.priceDelta)]).toEqual([17, [4, 1]]);
    // The owner renames and reprices everything, and removes Cheese: the placed order is unchanged.
    await m.ownerMenu.updateMenuItem(owner, item.id, {
      optionGroups: groups([{ id: json.optionGroups[0]!.id, ...SIZE, options: [{ id: id(0, 1), name: "Huge", priceDelta: 9 }] }]),
    });
    const read = await m.db.order.findUniqueOrThrow({ where: { id: placed.id }, include: (await import("./include")).orderInclude });
    const again = m.json.orderToJson(read).orderItems[0]!;
    expect([again.unitPrice, again.currentPrice, again.options.map((o) => [o.name, o.priceDelta, o.optionId])]).toEqual([
      17,
      17,
      [
        ["Large", 4, id(0, 1)],
        ["Cheese", 1, null],
      ],
    ]);
  });

  it("submit refuses a line whose option was removed or sold out since (409), and the Active order shows it unavailable", async () => {
    const { owner, restaurant, item, json, id } = await pizzeria();
    const user = await customer();
    const active = await order(user, restaurant.id, [{ menuItemId: item.id, quantity: 1, options: [id(0, 1)] }]);
    await m.ownerMenu.updateMenuItem(owner, item.id, {
      optionGroups: groups([{ id: json.optionGroups[0]!.id, ...SIZE, options: [{ id: id(0, 0), name: "Small", priceDelta: 0 }] }]),
    });
    const read = await m.db.order.findUniqueOrThrow({ where: { id: active.id }, include: (await import("./include")).orderInclude });
    expect(m.json.orderToJson(read).orderItems[0]!.unavailable).toBe(true);
    const standard = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
    await expect(
      m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, standard, paymentFor(standard))),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("reorder keeps choices still offered and names the lines that changed", async () => {
    const { owner, restaurant, item, json, id } = await pizzeria();
    const user = await customer();
    const past = await order(user, restaurant.id, [
      { menuItemId: item.id, quantity: 1, options: [id(0, 1), id(1, 1)] },
      { menuItemId: item.id, quantity: 1, options: [id(0, 0)] },
    ]);
    // Bacon is removed (optional: the line is added without it), Small is sold out (required: the line is left out).
    await m.ownerMenu.updateMenuItem(owner, item.id, {
      optionGroups: groups([
        {
          id: json.optionGroups[0]!.id,
          ...SIZE,
          options: [
            { id: id(0, 0), name: "Small", priceDelta: 0, available: false },
            { id: id(0, 1), name: "Large", priceDelta: 3.5 },
          ],
        },
        {
          id: json.optionGroups[1]!.id,
          ...EXTRAS,
          options: [
            { id: id(1, 0), name: "Cheese", priceDelta: 1 },
            { id: id(1, 2), name: "Egg", priceDelta: 1.25 },
          ],
        },
      ]),
    });
    const { order: again, changes } = await m.reorder.reorder(user, past.id);
    expect(changes.choices).toEqual([
      { menuItemId: item.id, name: "Margherita", message: "Bacon is no longer offered", added: true },
      { menuItemId: item.id, name: "Margherita", message: "Small is sold out today. Choose 1 Size for Margherita", added: false },
    ]);
    expect(changes.repriced).toEqual([{ name: "Margherita", was: 1_750, now: 1_550 }]);
    expect(m.json.orderToJson(again).orderItems.map((l) => [l.unitPrice, l.options.map((o) => o.name)])).toEqual([[15.5, ["Large"]]]);
  });
});
