// PUT /api/users/{id}'s schema, on the profile rules (zod-free/profile-rules.ts,
// zod-free for the account forms and the top-bar address; re-exported here).
import { z } from "zod";
import { ALLERGENS } from "@/lib/shared/allergens";
import { LOCALES } from "@/lib/i18n/locale";
import { nameList } from "./allergens";
import { freeText } from "./fields";
import { emailError, phoneError, PROFILE_MESSAGES } from "./zod-free/profile-rules";
import { AT_MOST_50_CHARACTERS } from "@/lib/shared/messages";

export * from "./zod-free/profile-rules";

const text = (label: string, max: number, multiline = false) => freeText(label, { multiline }).max(max, `Must be at most ${max} characters`);
const nullableText = (label: string, max: number, multiline = false) =>
  text(label, max, multiline)
    .transform((value) => value || null)
    .nullable();

/** PUT /api/users/{id}: every field optional (partial update); never a password. */
export const profileUpdateSchema = z
  .object({
    firstName: freeText("First name", { required: PROFILE_MESSAGES.firstName }).max(50, AT_MOST_50_CHARACTERS),
    lastName: nullableText("Last name", 50),
    phoneNumber: freeText("Phone number").superRefine((value, ctx) => {
      const error = phoneError(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
    }),
    email: freeText("Email")
      .max(254, "Must be at most 254 characters")
      .superRefine((value, ctx) => {
        const error = emailError(value);
        if (error) ctx.addIssue({ code: "custom", message: error });
      })
      .transform((value) => value.toLowerCase()),
    address: nullableText("Address", 120),
    city: nullableText("City", 60),
    state: nullableText("State", 30),
    zip: nullableText("Zip code", 10),
    deliveryInstructions: nullableText("Delivery instructions", 300, true),
    /** The allergens the customer avoids (names of lib/shared/allergens.ts): every menu marks dishes with one. */
    avoidAllergens: nameList("avoidAllergens", ALLERGENS),
    /** The language mail, push and pages are written in (lib/i18n/locale.ts LOCALES); null forgets it. */
    language: z.enum(LOCALES, { error: `Must be one of ${LOCALES.join(", ")}` }).nullable(),
  })
  .partial();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
