import { describe, expect, it } from "vitest";
import { MENU_ITEM_SAID as M, menuItemCreateSchema, menuItemFormErrors, menuItemUpdateSchema } from "./rules";
import { errorFor } from "../testing/support";

const valid = {
  restaurantId: 3,
  name: "Crispy Spring Rolls",
  description: "Four rolls with sweet chili sauce.",
  price: 6.5,
  foodImage: "https://example.com/rolls.jpg",
  foodType: "appetizer",
};

const createError = (field: string, value: unknown) => errorFor(menuItemCreateSchema, valid, field, value);

function updateError(field: string, value: unknown): string | undefined {
  const result = menuItemUpdateSchema.safeParse({ [field]: value });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("menu item create (spec section 5)", () => {
  it("accepts a complete item, price in cents", () => {
    expect(menuItemCreateSchema.parse(valid)).toEqual({ ...valid, price: undefined, priceCents: 650, allowsInstructions: false, optionGroups: [] });
  });

  it("restaurant required", () => {
    expect(createError("restaurantId", undefined)).toBe(M.restaurantRequired);
    expect(createError("restaurantId", 0)).toBe(M.restaurantRequired);
    expect(createError("restaurantId", "3")).toBe(M.restaurantRequired);
  });

  it("name required; any characters when creating", () => {
    expect(createError("name", " ")).toBe(M.nameRequired);
    expect(createError("name", "Fish & Chips #2")).toBeUndefined();
  });

  it("description at least 5 characters", () => {
    expect(createError("description", "Tiny")).toBe(M.descriptionShort);
    expect(createError("description", "Tasty")).toBeUndefined();
  });

  it("price above 0, a number, two decimals at most", () => {
    expect(createError("price", 0)).toBe(M.pricePositive);
    expect(createError("price", -1)).toBe(M.pricePositive);
    expect(createError("price", "6.50")).toBe(M.priceNumber);
    expect(createError("price", 1.005)).toBe(M.priceDecimals);
    expect(createError("price", undefined)).toBe(M.priceRequired);
  });

  it("image a valid URL (or a photo on this site)", () => {
    expect(createError("foodImage", "rolls.jpg")).toBe(M.image);
    expect(createError("foodImage", "ftp://example.com/a.jpg")).toBe(M.image);
    expect(createError("foodImage", "/images/food/thai-green-curry.webp")).toBeUndefined();
  });

  it("food type one of the four", () => {
    expect(createError("foodType", "snack")).toBe(M.foodType);
    for (const type of ["appetizer", "entree", "dessert", "beverage"]) expect(createError("foodType", type)).toBeUndefined();
  });
});

describe("menu item update (spec section 5)", () => {
  it("name: letters and spaces only (accented letters are letters)", () => {
    expect(updateError("name", "Fish & Chips")).toBe(M.nameLetters);
    expect(updateError("name", "Pad Thai 2")).toBe(M.nameLetters);
    expect(updateError("name", "Crème Brûlée")).toBeUndefined();
  });

  it("description at least 5; price above 0 and numeric", () => {
    expect(updateError("description", "abc")).toBe(M.descriptionShort);
    expect(updateError("price", 0)).toBe(M.pricePositive);
    expect(updateError("price", "ten")).toBe(M.priceNumber);
  });

  it("image URL must start with ftp, http or https", () => {
    expect(updateError("foodImage", "mailto:chef@example.com")).toBe(M.imageScheme);
    expect(updateError("foodImage", "www.example.com/a.jpg")).toBe(M.imageScheme);
    expect(updateError("foodImage", "ftp://example.com/a.jpg")).toBeUndefined();
    expect(updateError("foodImage", "/images/food/thai-green-curry.webp")).toBeUndefined();
  });

  it("updates only what is sent and never moves an item to another restaurant", () => {
    expect(menuItemUpdateSchema.parse({ price: 9, restaurantId: 99 })).toEqual({ priceCents: 900 });
  });
});

describe("menuItemFormErrors", () => {
  const text = { restaurantId: "3", name: "Spring Rolls", description: "Four rolls.", price: "6.5", foodImage: "https://example.com/r.jpg", foodType: "appetizer" };

  it("is empty for a valid form in both modes", () => {
    expect(menuItemFormErrors("create", text)).toEqual({});
    expect(menuItemFormErrors("update", text)).toEqual({});
  });

  it("the update form treats empty fields as missing, not as unchanged", () => {
    expect(menuItemFormErrors("update", { ...text, price: "", foodType: "" })).toEqual({ price: M.priceRequired, foodType: M.foodType });
  });

  it("the create form needs a restaurant", () => {
    expect(menuItemFormErrors("create", { ...text, restaurantId: "" })).toEqual({ restaurantId: M.restaurantRequired });
  });
});
