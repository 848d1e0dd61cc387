// PUT /api/users/{id}'s schema, on the profile rules (zod-free/profile-rules.ts,
// zod-free for the account forms and the top-bar address; re-exported here).
import { z } from "zod";
import { ALLERGENS } from "@/lib/shared/menu/allergens";
import { LOCALES } from "@/lib/i18n/locale";
import { nameList } from "../menu/allergen-rules";
import { freeText } from "../common/field-rules";
import { emailError, phoneError, PROFILE_SAID } from "../zod-free/profile-rules";
import { said, word } from "@/lib/shared/words/said";

export * from "../zod-free/profile-rules";

const text = (label: string, max: number, multiline = false) => freeText(label, { multiline }).max(max, said("messages.atMost", { count: max }));
const nullableText = (label: string, max: number, multiline = false) =>
  text(label, max, multiline)
    .transform((value) => value || null)
    .nullable();

/** PUT /api/users/{id}: every field optional (partial update); never a password. */
export const profileUpdateSchema = z
  .object({
    firstName: freeText(word("firstName"), { required: PROFILE_SAID.firstName }).max(50, said("messages.atMost", { count: 50 })),
    lastName: nullableText(word("lastName"), 50),
    phoneNumber: freeText(word("phoneNumber")).superRefine((value, ctx) => {
      const error = phoneError(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
    }),
    email: freeText(word("email"))
      .max(254, said("messages.atMost", { count: 254 }))
      .superRefine((value, ctx) => {
        const error = emailError(value);
        if (error) ctx.addIssue({ code: "custom", message: error });
      })
      .transform((value) => value.toLowerCase()),
    address: nullableText(word("address"), 120),
    city: nullableText(word("city"), 60),
    state: nullableText(word("state"), 30),
    zip: nullableText(word("zip"), 10),
    deliveryInstructions: nullableText(word("deliveryInstructions"), 300, true),
    /** The allergens the customer avoids (names of lib/shared/menu/allergens.ts): every menu marks dishes with one. */
    avoidAllergens: nameList("avoidAllergens", ALLERGENS),
    /** The language mail, push and pages are written in (lib/i18n/locale.ts LOCALES); null forgets it. */
    language: z.enum(LOCALES, { error: said("messages.oneOf", { list: LOCALES.join(", ") }) }).nullable(),
  })
  .partial();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
