import { describe, expect, it } from "vitest";
import { wordsFor } from "@/lib/i18n/translate";
import { choiceProblems, groupRule, lineKey, optionGroupsFromJson, unitPriceCents, type OptionGroup } from "./options";

// The rules' words are the catalogue's dish.choices.rules, as a page hands them (English's here).
const english = wordsFor("en", "dish").choices.rules;

const size: OptionGroup = {
  id: 1,
  name: "Size",
  required: true,
  minChoices: 1,
  maxChoices: 1,
  options: [
    { id: 11, name: "Small", priceDeltaCents: 0, available: true },
    { id: 12, name: "Large", priceDeltaCents: 350, available: true },
    { id: 13, name: "Family", priceDeltaCents: 800, available: false },
  ],
};
const extras: OptionGroup = {
  id: 2,
  name: "Extras",
  required: false,
  minChoices: 0,
  maxChoices: 3,
  options: [
    { id: 21, name: "Cheese", priceDeltaCents: 100, available: true },
    { id: 22, name: "Bacon", priceDeltaCents: 200, available: true },
    { id: 23, name: "Egg", priceDeltaCents: 125, available: true },
    { id: 24, name: "Avocado", priceDeltaCents: 199, available: true },
  ],
};
const sauces: OptionGroup = {
  id: 3,
  name: "Sauces",
  required: true,
  minChoices: 2,
  maxChoices: 3,
  options: [
    { id: 31, name: "Ranch", priceDeltaCents: 0, available: true },
    { id: 32, name: "Aioli", priceDeltaCents: 1, available: true },
    { id: 33, name: "Salsa", priceDeltaCents: 0, available: true },
    { id: 34, name: "Pesto", priceDeltaCents: 0, available: true },
  ],
};
const groups = [size, extras, sauces];

describe("choiceProblems", () => {
  it.each([
    ["exactly one size, no extras, two sauces", [11, 31, 32], []],
    ["the most of every group", [12, 21, 22, 23, 31, 32, 33], []],
    ["no size", [31, 32], [{ groupId: 1, message: "Choose 1 Size" }]],
    ["two sizes", [11, 12, 31, 32], [{ groupId: 1, message: "Choose 1 Size" }]],
    ["a sold-out size", [13, 31, 32], [{ groupId: 1, message: "Family is sold out" }]],
    ["one extra past the maximum", [11, 21, 22, 23, 24, 31, 32], [{ groupId: 2, message: "Choose up to 3 Extras" }]],
    ["one sauce short of the minimum", [11, 31], [{ groupId: 3, message: "Choose 2 to 3 Sauces" }]],
    ["one sauce past the maximum", [11, 31, 32, 33, 34], [{ groupId: 3, message: "Choose 2 to 3 Sauces" }]],
    ["the same extra twice", [11, 21, 21, 31, 32], [{ groupId: 2, message: "Cheese is chosen more than once" }]],
    ["an option of another dish", [11, 31, 32, 99], [{ groupId: null, message: "One of the choices is not offered" }]],
    [
      "nothing chosen at all",
      [],
      [
        { groupId: 1, message: "Choose 1 Size" },
        { groupId: 3, message: "Choose 2 to 3 Sauces" },
      ],
    ],
  ])("%s", (_name, chosen, problems) => {
    expect(choiceProblems(groups, chosen, english)).toEqual(problems);
  });

  it("a dish without groups takes no choices and needs none", () => {
    expect(choiceProblems([], [], english)).toEqual([]);
    expect(choiceProblems([], [11, 12], english)).toEqual([{ groupId: null, message: "Some choices are not offered" }]);
  });

  it("words a problem in the page's language, or hands its rule and values to a writer (the server's said)", () => {
    expect(choiceProblems(groups, [13, 21, 21, 31], wordsFor("es", "dish").choices.rules)).toEqual([
      { groupId: 1, message: "Family está agotado" },
      { groupId: 2, message: "Has elegido Cheese más de una vez" },
      { groupId: 3, message: "Sauces: elige de 2 a 3" },
    ]);
    const writer = (rule: string, values: Record<string, string | number>) => `${rule} ${JSON.stringify(values)}`;
    expect(choiceProblems(groups, [99], writer)).toEqual([
      { groupId: null, message: "unknownOne {}" },
      { groupId: 1, message: 'exactly {"count":1,"name":"Size"}' },
      { groupId: 3, message: 'range {"min":2,"max":3,"name":"Sauces"}' },
    ]);
  });
});

describe("groupRule", () => {
  it.each([
    [1, 1, "Size", "Choose 1 Size"],
    [0, 3, "Extras", "Choose up to 3 Extras"],
    [2, 3, "Sauces", "Choose 2 to 3 Sauces"],
    [2, 2, "Sides", "Choose 2 Sides"],
  ])("min %i max %i", (minChoices, maxChoices, name, rule) => {
    expect(groupRule({ name, minChoices, maxChoices }, english)).toBe(rule);
  });
});

describe("unitPriceCents", () => {
  it.each([
    ["the base price without choices", 1200, [], 1200],
    ["base plus a size", 1200, [12], 1550],
    ["base plus a size and two extras", 1200, [12, 21, 22], 1850],
    ["a one-cent delta", 999, [32], 1000],
    ["deltas that are not whole dimes", 1, [23, 24], 325],
    ["ids of no group add nothing", 500, [99], 500],
  ])("%s", (_name, base, chosen, cents) => {
    expect(unitPriceCents(base, groups, chosen)).toBe(cents);
  });

  it("JSON dollars round to the cent (0.1 + 0.2 is not 0.30000000000000004 cents)", () => {
    const [group] = optionGroupsFromJson([
      {
        ...extras,
        options: [
          { id: 1, name: "A", priceDelta: 0.29, available: true },
          { id: 2, name: "B", priceDelta: 1.15, available: true },
        ],
      },
    ]);
    expect(group!.options.map((o) => o.priceDeltaCents)).toEqual([29, 115]);
    expect(unitPriceCents(1005, [group!], [1, 2])).toBe(1149);
  });
});

describe("lineKey", () => {
  it.each([
    ["the bare dish (as saved before options)", [7], "7"],
    ["choices in any order", [7, [22, 21]], "7:21,22"],
    ["the same choices sorted", [7, [21, 22]], "7:21,22"],
    ["instructions trimmed", [7, [], "  no onions "], '7::"no onions"'],
    ["blank instructions are none", [7, [], "   "], "7"],
    ["choices and instructions", [7, [12], "well done"], '7:12:"well done"'],
  ] as [string, Parameters<typeof lineKey>, string][])("%s", (_name, args, key) => {
    expect(lineKey(...args)).toBe(key);
  });

  it("different choices or instructions are different lines", () => {
    expect(lineKey(7, [11])).not.toBe(lineKey(7, [12]));
    expect(lineKey(7, [11], "a")).not.toBe(lineKey(7, [11], "b"));
    expect(lineKey(7, [1, 23])).not.toBe(lineKey(7, [12, 3]));
  });
});
