// PUT /api/users/{id}'s schema, on the profile rules of spec section 5 (profile-rules.ts,
// zod-free for the account forms and the top-bar address; re-exported here).
import { z } from "zod";
import { emailError, phoneError, PROFILE_MESSAGES } from "./profile-rules";

export * from "./profile-rules";

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const nullableText = (max: number) => text(max).transform((value) => value || null).nullable();

/** PUT /api/users/{id}: every field optional (partial update); never a password. */
export const profileUpdateSchema = z
  .object({
    firstName: text(50).min(1, PROFILE_MESSAGES.firstName),
    lastName: nullableText(50),
    phoneNumber: z.string().trim().superRefine((value, ctx) => {
      const error = phoneError(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
    }),
    email: z
      .string()
      .trim()
      .max(254, "Must be at most 254 characters")
      .superRefine((value, ctx) => {
        const error = emailError(value);
        if (error) ctx.addIssue({ code: "custom", message: error });
      })
      .transform((value) => value.toLowerCase()),
    address: nullableText(120),
    city: nullableText(60),
    state: nullableText(30),
    zip: nullableText(10),
    deliveryInstructions: nullableText(300),
  })
  .partial();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
