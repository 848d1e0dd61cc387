import { describe, expect, it } from "vitest";
import { validateCredentialForm, validateNewPassword, validateResetRequest, validateSignupModal } from "@/components/auth/form-rules";
import { passwordFormErrors } from "@/components/account/password-rules";
import { emailError, phoneError, parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import { menuItemFormErrors } from "@/lib/contract/menu/rules";
import { optionGroupsFormErrors } from "@/lib/contract/menu/option-group-form-rules";
import { openingHoursErrors, restaurantFormErrors } from "@/lib/contract/restaurants/rules";
import { inWords, type OptionGroupDraft, type RestaurantFormValues } from "@/lib/contract/zod-free/form-values";
import { FORM_RULES, formRulesIn, type FormName } from "./form-rules";
import { errorTextIn } from "@/lib/server/platform/errors";
import { readSaid } from "@/lib/shared/words/said";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { reviewFieldsSchema } from "@/components/reviews/review-rules";
import { PICTURE_SAID } from "@/lib/contract/common/picture-rules";
import { bankDetailsErrors } from "@/lib/shared/money/payout-banks";
import { OPTION_SAID } from "@/lib/contract/menu/option-rules";
import { inWord } from "@/lib/contract/zod-free/form-values";

// A form's own checks show their messages in the reader's language, English included (the page's
// RuleWords): each form's checks run on bad values here, and every message they show is in its FORM_RULES list.

const BELL = "\u0007";
const messages = (...results: Record<string, string | undefined>[]) => results.flatMap((errors) => Object.values(errors).filter((m): m is string => Boolean(m)));

const SHOWN: Record<FormName, () => string[]> = {
  auth: () => {
    const bad = ["", " ", BELL, "a@", "12", "x".repeat(300), "a@b.co", "4155550100"];
    const found: string[] = [];
    for (const text of bad) {
      for (const password of ["", "short", BELL.repeat(9), " ".repeat(9), "é".repeat(40)]) {
        found.push(...messages(validateCredentialForm("login", { name: "", credential: text, password })));
        found.push(...messages(validateCredentialForm("signup", { name: text, credential: text, password, address: text || "nowhere" })));
        found.push(...messages(validateSignupModal({ firstName: text, lastName: text, email: text, phoneNumber: text, password, confirmPassword: "other" })));
        found.push(...messages(validateNewPassword({ password, confirmPassword: "other" })));
      }
      found.push(...messages(validateResetRequest(text)));
    }
    return found;
  },
  account: () =>
    ["", BELL, "12ab", "123", "a", "a@b", "x".repeat(300)].flatMap((text) => [
      ...messages(passwordFormErrors({ currentPassword: text, newPassword: text, confirmPassword: "" })),
      ...messages(passwordFormErrors({ currentPassword: text, newPassword: text, confirmPassword: "other" })),
      ...[phoneError(text), emailError(text)].filter((m): m is string => m !== null),
    ]),
  address: () =>
    ["", "one, two", "a,,b,c"].flatMap((line) => {
      const parsed = parseAddressLine(line);
      return "error" in parsed ? [parsed.error] : [];
    }),
  dish: () => {
    const bad = ["", BELL, "x1", "-3", "12.345", "5000", "ftp:/x", "x".repeat(600)];
    const groups = (name: string, price: string): OptionGroupDraft[] =>
      [
        { key: "g", name, required: true, minChoices: "3", maxChoices: "9", options: [{ key: "o", name, priceDelta: price, available: false }] },
      ] as unknown as OptionGroupDraft[];
    return bad.flatMap((text) => [
      ...messages(menuItemFormErrors("create", { restaurantId: "", name: text, description: text, price: text, foodImage: text, foodType: text })),
      ...messages(menuItemFormErrors("update", { restaurantId: "1", name: text, description: text, price: text, foodImage: text, foodType: text })),
      ...messages(optionGroupsFormErrors(groups(text, text))),
    ]);
  },
  restaurant: () => {
    const bad = ["", BELL, "x", "-3", "12.345", "500", "x".repeat(600)];
    const values = (text: string) =>
      Object.fromEntries(
        ["name", "description", "address", "city", "state", "zip", "cuisineType", "priceLevel", "deliveryFee", "deliveryTime", "deliveryRadiusKm", "storeImage"].map(
          (key) => [key, text],
        ),
      ) as RestaurantFormValues;
    const hours = {
      mon: [
        { open: "25:00", close: "25:00" },
        { open: "09:00", close: "10:00" },
        { open: "09:30", close: "10:30" },
      ],
      tue: "x",
    };
    return [
      ...bad.flatMap((text) => messages(restaurantFormErrors(values(text)))),
      ...messages(openingHoursErrors({ timeZone: "Mars/Base", hours, closures: [{ from: "2020-13-01", to: "2019-01-01" }] })),
    ];
  },
  review: () =>
    ["", " ", "\u0007", "x".repeat(2001)].flatMap((review) =>
      [null, 0, 6, 3].flatMap((rating) => {
        const parsed = reviewFieldsSchema.safeParse({ review, orderRating: rating, restaurantRating: rating });
        return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
      }),
    ),
  picture: () => [PICTURE_SAID.notImage, PICTURE_SAID.tooLarge],
  payout: () => [
    ...Object.values(bankDetailsErrors({ holderName: "", routingNumber: "123", accountNumber: "12" })),
    ...Object.values(bankDetailsErrors({ holderName: "x".repeat(101), routingNumber: "110000000", accountNumber: "000123456789" })),
  ],
};

describe("a form's own checks in the reader's language", () => {
  for (const form of Object.keys(SHOWN) as FormName[]) {
    it(`${form}: every message its checks show is in its list, and Spanish for a Spanish page`, () => {
      // Not listable: a message with the owner's own group name in it (the API's answer words it).
      const named = (message: string) => /^rules\.options\.available/.test(readSaid(message)?.key ?? "") && !/^A required group/.test(inEnglish(message));
      const shown = [...new Set(SHOWN[form]())].filter((message) => !named(message));
      expect(shown.length).toBeGreaterThanOrEqual({ address: 1, picture: 2, review: 4, payout: 4 }[form as string] ?? 5);
      expect(shown.filter((message) => !readSaid(message))).toEqual([]);
      expect(shown.filter((message) => !FORM_RULES[form].includes(message))).toEqual([]);
      const spanish = formRulesIn("es", form);
      expect(shown.filter((message) => !spanish[message] || spanish[message] === inEnglish(message))).toEqual([]);
      const english = formRulesIn("en", form);
      expect(shown.filter((message) => english[message] !== inEnglish(message))).toEqual([]);
    });
  }

  it("words a named group's message through its listing, the owner's name put back, in English and Spanish", () => {
    const message = OPTION_SAID.tooFewAvailable("Size", 1);
    expect(inWord(message, formRulesIn("en", "dish"))).toBe("Size needs at least 1 option that are not sold out");
    expect(inWord(message, formRulesIn("es", "dish"))).toBe(errorTextIn("es", message));
    expect(inWord(OPTION_SAID.tooFewAvailable("Size", 3), formRulesIn("es", "dish"))).toBe(errorTextIn("es", OPTION_SAID.tooFewAvailable("Size", 3)));
  });

  it("gives an English page the English catalogue's words, and a form's errors its words", () => {
    const signup = validateCredentialForm("signup", { name: "Ada", credential: "ada@", password: "short", address: "" });
    expect(inWords(signup, formRulesIn("en", "auth"))).toEqual({ credential: "Invalid email", password: "Password must be at least 8 characters" });
    const spanish = formRulesIn("es", "auth");
    expect(inWords(signup, spanish)).toEqual({ credential: "Correo no válido", password: spanish[signup.password!] });
    expect(spanish[signup.password!]).not.toBe("Password must be at least 8 characters");
    const login = validateCredentialForm("login", { name: "", credential: "", password: "" });
    expect(validateCredentialForm("login", { name: "", credential: "", password: "" }, spanish).credential).toBe(errorTextIn("es", login.credential!));
    expect(inEnglish(login.credential!)).toBe("Please enter a valid email or phone number");
  });
});
