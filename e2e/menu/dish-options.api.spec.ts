import { expect, test } from "../fixtures";
import { OPTION_SAID } from "@/lib/contract/menu/option-rules";
import type { Client } from "../support/api";
import { standardWallet, submitOrder } from "../support/orders";
import { createItem, itemBody, type ItemJson } from "../support/owner";
import { englishTable } from "@/lib/contract/testing/in-english";

// The rules' messages as the API answers them in English.
const M = englishTable(OPTION_SAID);

// Dish options over HTTP (docs/architecture/dish-options.md, "Dish options"): the owner writes a dish's groups,
// every menu read serves them, order lines are priced from the database with their choices, and
// every refusal names the line and the group and creates nothing.

type Group = {
  id: number;
  name: string;
  required: boolean;
  minChoices: number;
  maxChoices: number;
  options: { id: number; name: string; priceDelta: number; available: boolean }[];
};
type Dish = ItemJson & { allowsInstructions: boolean; optionGroups: Group[] };

const SIZE = {
  name: "Size",
  required: true,
  min_choices: 1,
  max_choices: 1,
  options: [
    { name: "Small", price_delta: 0 },
    { name: "Large", price_delta: 3.5 },
  ],
};
const EXTRAS = {
  name: "Extras",
  min_choices: 0,
  max_choices: 3,
  options: [
    { name: "Cheese", price_delta: 1 },
    { name: "Bacon", price_delta: 2 },
    { name: "Egg", price_delta: 1.25 },
    { name: "Avocado", price_delta: 1.5 },
  ],
};

async function pizza(client: Client, restaurantId: number): Promise<Dish> {
  return (await createItem(client, restaurantId, { name: "Margherita", price: 12, allows_instructions: true, option_groups: [SIZE, EXTRAS] })) as Dish;
}
const optionId = (dish: Dish, group: number, option: number) => dish.optionGroups[group]!.options[option]!.id;
const line = (dish: Dish, picks: [number, number][], more: Record<string, unknown> = {}) => ({
  menu_item_id: dish.id,
  quantity: 1,
  options: picks.map(([g, o]) => optionId(dish, g, o)),
  ...more,
});
const ordersOf = async (client: Client) => (await (await client.get("/api/orders/")).json()).orders as unknown[];

test.describe("a dish's option groups", () => {
  test("the owner creates them; every menu read serves them in display order", async ({ owner, api }) => {
    const dish = await pizza(owner.client, owner.restaurant.id);
    expect(dish.allowsInstructions).toBe(true);
    expect(dish.optionGroups.map((g) => [g.name, g.required, g.minChoices, g.maxChoices, g.options.map((o) => `${o.name} ${o.priceDelta} ${o.available}`)])).toEqual([
      ["Size", true, 1, 1, ["Small 0 true", "Large 3.5 true"]],
      ["Extras", false, 0, 3, ["Cheese 1 true", "Bacon 2 true", "Egg 1.25 true", "Avocado 1.5 true"]],
    ]);
    const reads = [
      (await (await api.get(`/api/menu-items/${dish.id}`)).json()) as Dish,
      ((await (await api.get(`/api/menu-items?restaurantId=${owner.restaurant.id}`)).json()) as Dish[]).find((d) => d.id === dish.id)!,
      ((await (await owner.client.get(`/api/manage/${owner.restaurant.id}/menu`)).json()).menu_items as Dish[]).find((d) => d.id === dish.id)!,
    ];
    for (const read of reads) expect(read.optionGroups).toEqual(dish.optionGroups);
    // A dish without options says so.
    expect((await (await api.get(`/api/menu-items/${owner.item.id}`)).json()).optionGroups).toEqual([]);
  });

  test("an update replaces the list: reordered, one option sold out for today, one removed", async ({ owner }) => {
    const dish = await pizza(owner.client, owner.restaurant.id);
    const [size, extras] = dish.optionGroups;
    const response = await owner.client.put(`/api/menu-items/${dish.id}`, {
      option_groups: [
        { ...EXTRAS, id: extras!.id, options: extras!.options.slice(1).map((o) => ({ id: o.id, name: o.name, price_delta: o.priceDelta })) },
        {
          ...SIZE,
          id: size!.id,
          options: [
            { id: size!.options[1]!.id, name: "Large", price_delta: 3.5, available: false },
            { id: size!.options[0]!.id, name: "Small", price_delta: 0 },
          ],
        },
      ],
    });
    expect(response.status()).toBe(200);
    const updated = (await response.json()) as Dish;
    expect(updated.optionGroups.map((g) => [g.id, g.options.map((o) => `${o.name} ${o.available}`)])).toEqual([
      [extras!.id, ["Bacon true", "Egg true", "Avocado true"]],
      [size!.id, ["Large false", "Small true"]],
    ]);
  });

  const refusals: [string, unknown, string, string][] = [
    ["a blank option name", [{ ...SIZE, options: [{ name: "", price_delta: 0 }] }], "optionGroups.0.options.0.name", M.optionNameRequired],
    ["a 51-character group name", [EXTRAS, { ...SIZE, name: "x".repeat(51) }], "optionGroups.1.name", M.groupNameLong],
    ["a delta over $50", [{ ...EXTRAS, options: [{ name: "Gold leaf", price_delta: 50.01 }], max_choices: 1 }], "optionGroups.0.options.0.priceDelta", M.priceDeltaRange],
    [
      "a delta in fractions of a cent",
      [{ ...EXTRAS, options: [{ name: "Dust", price_delta: 0.001 }], max_choices: 1 }],
      "optionGroups.0.options.0.priceDelta",
      M.priceDeltaDecimals,
    ],
    ["min over max", [{ ...SIZE, min_choices: 2, max_choices: 1 }], "optionGroups.0.minChoices", M.minOverMax],
    ["max over the options", [{ ...SIZE, max_choices: 3, min_choices: 1 }], "optionGroups.0.maxChoices", M.maxOverOptions(2)],
    ["required with minimum 0", [{ ...SIZE, min_choices: 0 }], "optionGroups.0.required", M.requiredMismatch],
    [
      "a required group all sold out",
      [{ ...SIZE, options: SIZE.options.map((o) => ({ ...o, available: false })) }],
      "optionGroups.0.options",
      M.tooFewAvailable("Size", 1),
    ],
    ["11 groups", Array.from({ length: 11 }, () => EXTRAS), "optionGroups", M.groupsMax],
    ["21 options", [{ ...EXTRAS, options: Array.from({ length: 21 }, (_, i) => ({ name: `Topping ${i}`, price_delta: 0 })) }], "optionGroups.0.options", M.optionsMax],
  ];
  for (const [what, groups, field, message] of refusals) {
    test(`${what} is a 400 naming ${field}; the dish is unchanged`, async ({ owner }) => {
      const dish = await pizza(owner.client, owner.restaurant.id);
      const response = await owner.client.put(`/api/menu-items/${dish.id}`, { option_groups: groups });
      expect(response.status()).toBe(400);
      expect((await response.json()).errors).toMatchObject({ [field]: message });
      expect(((await (await owner.client.get(`/api/menu-items/${dish.id}`)).json()) as Dish).optionGroups).toEqual(dish.optionGroups);
    });
  }

  test("another owner cannot edit a dish's options (404), nor use a group id of another dish (400)", async ({ owner, customer }) => {
    const dish = await pizza(owner.client, owner.restaurant.id);
    expect((await customer.client.put(`/api/menu-items/${dish.id}`, { option_groups: [] })).status()).toBe(404);
    const other = await pizza(owner.client, owner.restaurant.id);
    const response = await owner.client.put(`/api/menu-items/${dish.id}`, { option_groups: [{ ...SIZE, id: other.optionGroups[0]!.id }] });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ "optionGroups.0.id": "This option group is not on this dish" });
  });
});

test.describe("POST /api/orders/ with choices", () => {
  test("lines are priced from the database, the order shows the choices, and checkout charges them", async ({ owner, customer }) => {
    const dish = await pizza(owner.client, owner.restaurant.id);
    const response = await customer.client.post("/api/orders/", {
      restaurant_id: owner.restaurant.id,
      items: [
        line(
          dish,
          [
            [0, 1],
            [1, 0],
            [1, 2],
          ],
          { quantity: 2, instructions: "Well done, please" },
        ),
        line(dish, [[0, 0]]),
        { menu_item_id: owner.item.id, quantity: 1 },
      ],
    });
    expect(response.status()).toBe(201);
    const order = await response.json();
    // (12 + 3.50 + 1 + 1.25) x 2 + 12 + 12.50 = 60
    expect(order.subtotal).toBe(60);
    expect(
      order.orderItems.map((l: Record<string, unknown>) => [l.name, l.quantity, l.unitPrice, l.instructions, (l.options as { name: string }[]).map((o) => o.name)]),
    ).toEqual([
      ["Margherita", 2, 17.75, "Well done, please", ["Large", "Cheese", "Egg"]],
      ["Margherita", 1, 12, null, ["Small"]],
      ["House Burger", 1, 12.5, null, []],
    ]);
    const placed = await submitOrder(customer.client, order.id, standardWallet);
    expect(placed.subtotal).toBe(60);
    expect(placed.totalCost).toBe(60 + 6.49 + 6 + 9);
    const board = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/board`)).json();
    const seen = board.orders.find((o: { id: number }) => o.id === order.id);
    expect(seen.orderItems[0]).toMatchObject({
      instructions: "Well done, please",
      options: [
        { group: "Size", name: "Large", priceDelta: 3.5 },
        { group: "Extras", name: "Cheese", priceDelta: 1 },
        { group: "Extras", name: "Egg", priceDelta: 1.25 },
      ],
    });
  });

  const refusals: [string, (dish: Dish, other: Dish) => Record<string, unknown>, string, string][] = [
    [
      "no size on a dish that requires one (a client from before options)",
      (d) => ({ menu_item_id: d.id, quantity: 1 }),
      "items.0.options",
      "Choose 1 Size for Margherita",
    ],
    [
      "two sizes",
      (d) =>
        line(d, [
          [0, 0],
          [0, 1],
        ]),
      "items.0.options",
      "Choose 1 Size for Margherita",
    ],
    [
      "four extras",
      (d) =>
        line(d, [
          [0, 0],
          [1, 0],
          [1, 1],
          [1, 2],
          [1, 3],
        ]),
      "items.0.options",
      "Choose up to 3 Extras for Margherita",
    ],
    [
      "the same option twice",
      (d) =>
        line(d, [
          [0, 0],
          [1, 0],
          [1, 0],
        ]),
      "items.0.options",
      "Cheese is chosen more than once for Margherita",
    ],
    [
      "an option of another dish",
      (d, o) => ({ ...line(d, [[0, 0]]), options: [optionId(d, 0, 0), optionId(o, 1, 0)] }),
      "items.0.options",
      "One of the choices is not offered for Margherita",
    ],
    [
      "an unknown option",
      (d) => ({ ...line(d, [[0, 0]]), options: [optionId(d, 0, 0), 2_000_000_000] }),
      "items.0.options",
      "One of the choices is not offered for Margherita",
    ],
    ["a price", (d) => line(d, [[0, 0]], { price: 0.01 }), "items.0.price", M.noPrice],
    ["201 characters of instructions", (d) => line(d, [[0, 0]], { instructions: "x".repeat(201) }), "items.0.instructions", M.instructionsLong],
  ];
  for (const [what, body, field, message] of refusals) {
    test(`${what} is a 400 naming ${field}; no order is created`, async ({ owner, customer }) => {
      const dish = await pizza(owner.client, owner.restaurant.id);
      const other = await pizza(owner.client, owner.restaurant.id);
      const before = (await ordersOf(customer.client)).length;
      const response = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [body(dish, other)] });
      expect(response.status()).toBe(400);
      const answer = await response.json();
      expect(answer.errors).toMatchObject({ [field]: message });
      expect(answer.message).toBe(message);
      expect((await ordersOf(customer.client)).length).toBe(before);
    });
  }

  test("a sold-out option and instructions on a dish without them are refused", async ({ owner, customer }) => {
    const dish = await pizza(owner.client, owner.restaurant.id);
    const [size] = dish.optionGroups;
    await owner.client.put(`/api/menu-items/${dish.id}`, {
      allows_instructions: false,
      option_groups: [
        {
          ...SIZE,
          id: size!.id,
          options: [
            { id: size!.options[0]!.id, name: "Small", price_delta: 0 },
            { id: size!.options[1]!.id, name: "Large", price_delta: 3.5, available: false },
          ],
        },
      ],
    });
    const soldOut = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [line(dish, [[0, 1]])] });
    expect(soldOut.status()).toBe(400);
    expect((await soldOut.json()).errors).toEqual({ "items.0.options": "Large is sold out for Margherita" });
    const noted = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [line(dish, [[0, 0]], { instructions: "No basil" })] });
    expect(noted.status()).toBe(400);
    expect((await noted.json()).errors).toEqual({ "items.0.instructions": "Margherita does not take special instructions" });
  });

  test("reorder after an option is removed names the line to choose again", async ({ owner, customer }) => {
    const dish = await pizza(owner.client, owner.restaurant.id);
    const created = await (
      await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [line(dish, [[0, 1]]), { menu_item_id: owner.item.id, quantity: 1 }] })
    ).json();
    await submitOrder(customer.client, created.id, standardWallet);
    const [size] = dish.optionGroups;
    await owner.client.put(`/api/menu-items/${dish.id}`, {
      option_groups: [{ ...SIZE, id: size!.id, options: [{ id: size!.options[0]!.id, name: "Small", price_delta: 0 }], max_choices: 1 }],
    });
    const response = await customer.client.post(`/api/orders/${created.id}/reorder`);
    expect(response.status()).toBe(201);
    const { order, changes } = await response.json();
    expect(changes.choices).toEqual([{ menuItemId: dish.id, name: "Margherita", message: "Large is no longer offered. Choose 1 Size for Margherita", added: false }]);
    expect(order.orderItems.map((l: { name: string }) => l.name)).toEqual(["House Burger"]);
  });
});

test("an option carries what it adds: the menu serves it, a bad name is a 400 naming it, and an order's line shows the labels its choices leave", async ({
  owner,
  customer,
}) => {
  const toppings = {
    name: "Toppings",
    min_choices: 0,
    max_choices: 2,
    options: [
      { name: "Pepperoni", price_delta: 1.75, removes_labels: ["vegetarian", "vegan", "halal"] },
      { name: "Croutons", price_delta: 0.5, allergens: ["gluten"] },
    ],
  };
  const bad = await owner.client.post(
    "/api/menu-items/",
    itemBody(owner.restaurant.id, { option_groups: [{ ...toppings, max_choices: 1, options: [{ name: "Pepperoni", price_delta: 1, removes_labels: ["meaty"] }] }] }),
  );
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors)).toEqual(["optionGroups.0.options.0.removesLabels"]);

  const dish = (await createItem(owner.client, owner.restaurant.id, {
    name: "Veggie Pizza",
    price: 12,
    diet_labels: ["vegetarian", "halal", "gluten-free"],
    option_groups: [toppings],
  })) as Dish;
  const served = dish.optionGroups[0]!.options as unknown as { name: string; allergens: string[]; removesLabels: string[] }[];
  expect(served.map((o) => [o.name, o.allergens, o.removesLabels])).toEqual([
    ["Pepperoni", [], ["vegetarian", "vegan", "halal"]],
    ["Croutons", ["gluten"], []],
  ]);

  const order = await (
    await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [line(dish, [[0, 0]]), line(dish, [[0, 1]]), line(dish, [])] })
  ).json();
  expect(order.orderItems.map((l: { dietLabels: string[]; allergens: string[] }) => [l.dietLabels, l.allergens])).toEqual([
    [["gluten-free"], []],
    [["vegetarian", "halal"], ["gluten"]],
    [["vegetarian", "gluten-free", "halal"], []],
  ]);
});
