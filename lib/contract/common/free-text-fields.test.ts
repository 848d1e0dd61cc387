import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { loginSchema, passwordChangeSchema, signupSchema } from "../accounts/auth-rules";
import { menuItemQuerySchema, restaurantQuerySchema } from "../restaurants/browse-rules";
import { menuItemCreateSchema, menuItemUpdateSchema } from "../menu/rules";
import { sectionCreateSchema, sectionUpdateSchema } from "../menu/section-rules";
import { profileUpdateSchema } from "../accounts/profile-rules";
import { restaurantCreateSchema, restaurantUpdateSchema } from "../restaurants/rules";
import { createReviewSchema, updateReviewSchema } from "../reviews/rules";
import { restaurantForm } from "../testing/support";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Every free-text field of every schema goes through freeText: a NUL, an
// ESC, a bidi override or a lone surrogate in any of them is a 400 naming that field with
// "<label> contains characters that are not allowed", and a value of zero-width spaces only is
// refused as blank wherever the field is required.

const restaurant = { ...restaurantForm, closingTime: "22:00" };
const item = { restaurantId: 1, name: "Dan Dan Noodles", description: "Sesame and chili.", price: 12, foodImage: "https://example.com/d.jpg", foodType: "entree" };
const review = { restaurantId: 1, orderId: 1, review: "Lovely.", orderRating: 5, restaurantRating: 5 };
const signup = { name: "Ada Lovelace", email: "ada@example.com", password: "correct horse", address: "1 Main St", city: "Oakland", state: "CA", zip: "94607" };

/** Each field's label, as the messages name it (the same on every schema that has the field). */
const LABEL = {
  name: "Name",
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phoneNumber: "Phone number",
  address: "Address",
  city: "City",
  state: "State",
  zip: "Zip code",
  deliveryInstructions: "Delivery instructions",
  description: "Description",
  businessHours: "Business hours",
  storeImage: "Store image",
  closingTime: "Closing time",
  foodImage: "Image",
};

type Case = [schema: z.ZodType, body: Record<string, unknown>, field: string, label: string];
const CASES: Case[] = [
  ...(["name", "firstName", "lastName", "email", "phoneNumber", "address", "city", "state", "zip"] as const).map((field): Case => [
    signupSchema,
    signup,
    field,
    LABEL[field],
  ]),
  [signupSchema, { ...signup, email: undefined }, "credential", "Email or phone number"],
  [loginSchema, { password: "x" }, "credential", "Email or phone number"],
  [loginSchema, { password: "x" }, "email", "Email"],
  ...(["firstName", "lastName", "email", "phoneNumber", "address", "city", "state", "zip", "deliveryInstructions"] as const).map((field): Case => [
    profileUpdateSchema,
    {},
    field,
    LABEL[field],
  ]),
  ...(["name", "description", "address", "city", "state", "zip", "businessHours", "storeImage", "closingTime"] as const).flatMap((field): Case[] => [
    [restaurantCreateSchema, restaurant, field, LABEL[field]],
    [restaurantUpdateSchema, {}, field, LABEL[field]],
  ]),
  ...(["name", "description", "foodImage"] as const).flatMap((field): Case[] => [
    [menuItemCreateSchema, item, field, LABEL[field]],
    [menuItemUpdateSchema, {}, field, LABEL[field]],
  ]),
  [sectionCreateSchema, {}, "name", "name"],
  [sectionUpdateSchema, {}, "name", "name"],
  [createReviewSchema, review, "review", "Review"],
  [updateReviewSchema, {}, "review", "Review"],
  [restaurantQuerySchema, {}, "q", "q"],
  [menuItemQuerySchema, {}, "q", "q"],
];

const BAD = { NUL: "Ada\u0000", ESC: "\u001b[2J", "a bidi override": "\u202eAda", "a lone surrogate": "Ada\ud800" };

function errorsOf(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), inEnglish(issue.message)]));
}

describe("every free-text field refuses characters that are not text", () => {
  for (const [what, bad] of Object.entries(BAD)) {
    // Each case by its index: vitest formats every it.each argument eagerly, and a zod schema with
    // nested arrays (a dish's option groups) formats into gigabytes.
    it.each(CASES.map(([, , field, label], index) => ({ index, name: `${field} (${label})` })))(`${what} in $name`, ({ index }) => {
      const [schema, body, field, label] = CASES[index]!;
      expect(errorsOf(schema, { ...body, [field]: bad })).toMatchObject({ [field]: `${label} contains characters that are not allowed` });
    });
  }
});

describe("required text refuses zero-width-only values with the field's own message", () => {
  const cases = [
    [restaurantCreateSchema, restaurant, "name", "Name is required"],
    [menuItemCreateSchema, item, "name", "Name is required"],
    [createReviewSchema, review, "review", "Please write a review before submitting."],
    [profileUpdateSchema, {}, "firstName", "First name is required"],
    [signupSchema, signup, "name", "Please enter your name"],
  ] as const;
  it.each(cases.map((_, index) => index))("%#", (index) => {
    const [schema, body, field, message] = cases[index]!;
    expect(errorsOf(schema, { ...body, [field]: "\u200b\u200b\u2060\ufeff" })).toEqual({ [field]: message });
  });
});

describe("passwords", () => {
  it("eight spaces, or a control character, are refused; spaces around a word are kept", () => {
    expect(errorsOf(signupSchema, { ...signup, password: "        " })).toEqual({ password: "Password cannot be blank" });
    expect(errorsOf(signupSchema, { ...signup, password: "correct\u0000horse" })).toEqual({ password: "Password contains characters that are not allowed" });
    expect(errorsOf(passwordChangeSchema, { currentPassword: "x", newPassword: "        " })).toEqual({ newPassword: "Password cannot be blank" });
    expect(signupSchema.parse({ ...signup, password: "  correct horse  " }).password).toBe("  correct horse  ");
  });
});

describe("accepted text is normalized", () => {
  it("NFC and trimmed, in the values the data layer stores", () => {
    expect(restaurantCreateSchema.parse({ ...restaurant, name: " \u200bCafe\u0301 Lumie\u0300re " }).name).toBe("Café Lumière");
    expect(createReviewSchema.parse({ ...review, review: "Great.\nWould order again.\n" }).review).toBe("Great.\nWould order again.");
  });
});
