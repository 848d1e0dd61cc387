import { describe, expect, it } from "vitest";
import { menuItemCreateSchema, menuItemUpdateSchema } from "./rules";
import { OPTION_SAID as M } from "./option-rules";
import { createOrderSchema } from "../orders/rules";

const size = {
  name: "Size",
  required: true,
  minChoices: 1,
  maxChoices: 1,
  options: [
    { name: "Small", priceDelta: 0, available: true },
    { name: "Large", priceDelta: 3.5, available: true },
  ],
};
const extras = {
  name: "Extras",
  minChoices: 0,
  maxChoices: 2,
  options: [
    { name: "Cheese", priceDelta: 1 },
    { name: "Bacon", priceDelta: 2 },
  ],
};

/** Every { field: message } an update with these groups gets (field paths as the API names them). */
function groupErrors(optionGroups: unknown): Record<string, string> {
  const result = menuItemUpdateSchema.safeParse({ optionGroups });
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

const withOption = (change: object) => [{ ...size, options: [{ ...size.options[0], ...change }, size.options[1]] }];
const withGroup = (change: object) => [{ ...size, ...change }];

describe("a dish's option groups (owner's create and update)", () => {
  it("stores deltas in cents, minChoices and maxChoices, and drops `required` (derived)", () => {
    const parsed = menuItemUpdateSchema.parse({ allowsInstructions: true, optionGroups: [size, extras] });
    expect(parsed.allowsInstructions).toBe(true);
    expect(parsed.optionGroups).toEqual([
      {
        name: "Size",
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: "Small", priceDelta: 0, available: true },
          { name: "Large", priceDelta: 350, available: true },
        ],
      },
      {
        name: "Extras",
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: "Cheese", priceDelta: 100, available: true },
          { name: "Bacon", priceDelta: 200, available: true },
        ],
      },
    ]);
  });

  it("creating defaults to no groups and no instructions; updating leaves them out", () => {
    const body = { restaurantId: 3, name: "Soup", description: "A warm soup.", price: 5, foodImage: "https://example.com/s.jpg", foodType: "entree" };
    expect(menuItemCreateSchema.parse(body)).toMatchObject({ allowsInstructions: false, optionGroups: [] });
    expect(menuItemUpdateSchema.parse({ name: "Soup" })).not.toHaveProperty("optionGroups");
  });

  it.each([
    ["a blank group name", withGroup({ name: " " }), { "optionGroups.0.name": M.groupNameRequired }],
    ["a 51-character group name", withGroup({ name: "x".repeat(51) }), { "optionGroups.0.name": M.groupNameLong }],
    ["a 50-character group name", withGroup({ name: "x".repeat(50) }), {}],
    ["a blank option name", withOption({ name: "" }), { "optionGroups.0.options.0.name": M.optionNameRequired }],
    ["a 51-character option name", withOption({ name: "y".repeat(51) }), { "optionGroups.0.options.0.name": M.optionNameLong }],
    ["a negative delta", withOption({ priceDelta: -0.01 }), { "optionGroups.0.options.0.priceDelta": M.priceDeltaRange }],
    ["a delta of $50.01", withOption({ priceDelta: 50.01 }), { "optionGroups.0.options.0.priceDelta": M.priceDeltaRange }],
    ["a delta of exactly $50", withOption({ priceDelta: 50 }), {}],
    ["a delta in fractions of a cent", withOption({ priceDelta: 1.005 }), { "optionGroups.0.options.0.priceDelta": M.priceDeltaDecimals }],
    ["a delta sent as text", withOption({ priceDelta: "1" }), { "optionGroups.0.options.0.priceDelta": M.priceDeltaNumber }],
    ["a missing delta", withOption({ priceDelta: undefined }), { "optionGroups.0.options.0.priceDelta": M.priceDeltaRequired }],
    ["min above max", withGroup({ required: true, minChoices: 2, maxChoices: 1 }), { "optionGroups.0.minChoices": M.minOverMax }],
    ["max above the number of options", withGroup({ maxChoices: 3 }), { "optionGroups.0.maxChoices": M.maxOverOptions(2) }],
    ["max equal to the number of options", withGroup({ maxChoices: 2 }), {}],
    ["max 0", withGroup({ required: false, minChoices: 0, maxChoices: 0 }), { "optionGroups.0.maxChoices": M.maxChoices }],
    ["a fractional minimum", withGroup({ minChoices: 0.5 }), { "optionGroups.0.minChoices": M.minChoices }],
    ["required with minimum 0", withGroup({ required: true, minChoices: 0 }), { "optionGroups.0.required": M.requiredMismatch }],
    ["optional with minimum 1", withGroup({ required: false }), { "optionGroups.0.required": M.requiredMismatch }],
    ["required without `required` (derived from the minimum)", withGroup({ required: undefined }), {}],
    [
      "a required group whose options are all sold out",
      [{ ...size, options: size.options.map((o) => ({ ...o, available: false })) }],
      { "optionGroups.0.options": M.tooFewAvailable("Size", 1) },
    ],
    ["an optional group all sold out", [{ ...extras, options: extras.options.map((o) => ({ ...o, available: false })) }], {}],
    ["a group without options", withGroup({ options: [], maxChoices: 1 }), { "optionGroups.0.options": M.optionsMin }],
    ["11 groups", Array.from({ length: 11 }, () => extras), { optionGroups: M.groupsMax }],
    ["10 groups", Array.from({ length: 10 }, () => extras), {}],
    ["21 options", [{ ...extras, options: Array.from({ length: 21 }, (_, i) => ({ name: `O${i}`, priceDelta: 0 })) }], { "optionGroups.0.options": M.optionsMax }],
    ["20 options", [{ ...extras, options: Array.from({ length: 20 }, (_, i) => ({ name: `O${i}`, priceDelta: 0 })) }], {}],
    [
      "the same group id twice",
      [
        { ...size, id: 4 },
        { ...extras, id: 4 },
      ],
      { "optionGroups.1.id": M.duplicateId },
    ],
    ["not a list", { size }, { optionGroups: M.groupsList }],
  ])("%s", (_name, optionGroups, errors) => {
    expect(groupErrors(optionGroups)).toEqual(errors);
  });

  it("the second group's first option is named in the path", () => {
    expect(groupErrors([size, { ...extras, options: [{ name: "", priceDelta: 1 }, extras.options[1]] }])).toEqual({
      "optionGroups.1.options.0.name": M.optionNameRequired,
    });
  });
});

describe("an order line's choices", () => {
  const order = (line: object) => createOrderSchema.safeParse({ restaurantId: 3, items: [{ menuItemId: 1, quantity: 1, ...line }] });
  const error = (line: object) => {
    const result = order(line);
    return result.success ? undefined : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it("options and instructions are optional (clients from before options keep working)", () => {
    expect(order({}).success).toBe(true);
    expect(order({ options: [4, 5], instructions: " no onions " }).data?.items[0]).toMatchObject({ options: [4, 5], instructions: "no onions" });
  });
  it.each([
    ["a price", { price: 1 }, { "items.0.price": M.noPrice }],
    ["a unit price", { unitPrice: 1 }, { "items.0.unitPrice": M.noPrice }],
    ["options that are not ids", { options: ["big"] }, { "items.0.options.0": M.choices }],
    ["options not a list", { options: 4 }, { "items.0.options": M.choices }],
    ["201-character instructions", { instructions: "x".repeat(201) }, { "items.0.instructions": M.instructionsLong }],
  ])("refuses %s", (_name, line, errors) => {
    expect(error(line)).toEqual(errors);
  });
  it("200-character instructions pass", () => {
    expect(order({ instructions: "x".repeat(200) }).success).toBe(true);
  });
});
