import { z } from "zod";
import { isValidEmail } from "./auth";

// Profile rules of spec section 5, shared by the account forms, the top-bar address and
// PUT /api/users/{id}. Messages are the spec's, verbatim.

export const PROFILE_MESSAGES = {
  address: "Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas",
  guestAddress: "Must login to add address",
  phoneDigits: "Phone number must have only numbers in it",
  phoneLength: "Phone number must be 10 digits",
  emailAt: "Email must include @",
  emailDot: "Email must include a '.' after the @",
  firstName: "First name is required",
} as const;

export type AddressParts = { address: string; city: string; state: string; zip: string };

/** "ADDRESS, CITY, STATE, ZIP": exactly four comma-separated, non-empty parts. */
export function parseAddressLine(line: string): { parts: AddressParts } | { error: string } {
  const parts = line.split(",").map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => !part)) return { error: PROFILE_MESSAGES.address };
  const [address, city, state, zip] = parts as [string, string, string, string];
  return { parts: { address, city, state, zip } };
}

export function phoneError(value: string): string | null {
  if (!/^\d*$/.test(value)) return PROFILE_MESSAGES.phoneDigits;
  if (value.length !== 10) return PROFILE_MESSAGES.phoneLength;
  return null;
}

export function emailError(value: string): string | null {
  if (!value.includes("@")) return PROFILE_MESSAGES.emailAt;
  if (!isValidEmail(value)) return PROFILE_MESSAGES.emailDot;
  return null;
}

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
