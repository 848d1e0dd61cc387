// Account rules, shared by the login/signup form and the auth handlers. The
// parts that need no schema live in zod-free/auth-rules.ts, re-exported here.
import { z } from "zod";
import { AUTH_SAID, isValidEmail, MAX_EMAIL_LENGTH, RESET_SAID, MAX_PHONE_LENGTH, normalizePhone, parseCredential, splitName } from "../zod-free/auth-rules";
import { freeText } from "../common/field-rules";
import { removePasskeysField } from "./passkey-rules";
import { parseAddressLine, PROFILE_SAID, type AddressParts } from "../zod-free/profile-rules";
import { passwordError } from "../zod-free/text-rules";
import { said, word } from "@/lib/shared/words/said";

export * from "../zod-free/auth-rules";

/** A new password: taken as typed (never trimmed or normalized), but not blank and without control characters. */
const password = z
  .string({ error: AUTH_SAID.passwordRequired })
  .min(8, AUTH_SAID.passwordShort)
  .refine((value) => new TextEncoder().encode(value).length <= 72, AUTH_SAID.passwordLong)
  .superRefine((value, ctx) => {
    const error = passwordError(value);
    if (error) ctx.addIssue({ code: "custom", message: error });
  });

const optionalText = (label: string, max: number) =>
  freeText(label)
    .max(max, said("messages.atMost", { count: max }))
    .optional()
    .transform((value) => (value ? value : undefined));

const credentialText = () => freeText(word("emailOrPhone")).max(MAX_EMAIL_LENGTH, tooLong(MAX_EMAIL_LENGTH)).optional();
const tooLong = (max: number) => said("messages.atMost", { count: max });

/**
 * POST /api/auth/login: `credential` (email or phone), or `email` / `phoneNumber` in its place.
 * Errors are reported under the field the client used.
 */
export const loginSchema = z
  .object({
    credential: credentialText(),
    email: freeText(word("email")).max(MAX_EMAIL_LENGTH, tooLong(MAX_EMAIL_LENGTH)).optional(),
    phoneNumber: freeText(word("phoneNumber")).max(MAX_PHONE_LENGTH, tooLong(MAX_PHONE_LENGTH)).optional(),
    password: z.string({ error: AUTH_SAID.passwordRequired }).min(1, AUTH_SAID.passwordRequired).max(1024),
  })
  .transform((body, ctx) => {
    const field = body.credential !== undefined ? "credential" : body.email !== undefined ? "email" : "phoneNumber";
    const parsed = parseCredential(body.credential ?? body.email ?? body.phoneNumber ?? "");
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", path: [field], message: parsed.error });
      return z.NEVER;
    }
    return { field, credential: parsed.credential, password: body.password };
  });
export type LoginInput = z.output<typeof loginSchema>;

const ADDRESS_LIMITS: Record<keyof AddressParts, number> = { address: 120, city: 60, state: 30, zip: 10 };

/**
 * The signup's delivery address (optional): address, city, state and zip together, or the
 * whole "ADDRESS, CITY, STATE, ZIP" line in `address` (what the signup form sends). Anything
 * partial is the profile's address message under `address`, and nothing is created.
 */
function signupAddress(body: Partial<AddressParts>): { parts: { [K in keyof AddressParts]: string | null } } | { error: string } {
  const { address, city, state, zip } = body;
  if (!address && !city && !state && !zip) return { parts: { address: null, city: null, state: null, zip: null } };
  const parsed = address && !city && !state && !zip ? parseAddressLine(address) : { parts: { address, city, state, zip } };
  if ("error" in parsed) return parsed;
  const entries = Object.entries(parsed.parts) as [keyof AddressParts, string | undefined][];
  if (entries.some(([field, value]) => !value || value.length > ADDRESS_LIMITS[field])) return { error: PROFILE_SAID.address };
  return { parts: parsed.parts as AddressParts };
}

/** POST /api/auth/signup: the signup form's fields; `name` or `credential` also accepted. */
export const signupSchema = z
  .object({
    name: freeText(word("name")).optional(),
    firstName: freeText(word("firstName")).optional(),
    lastName: freeText(word("lastName")).optional(),
    credential: credentialText(),
    email: freeText(word("email")).optional(),
    phoneNumber: freeText(word("phoneNumber")).optional(),
    address: optionalText(word("address"), 200),
    city: optionalText(word("city"), 60),
    state: optionalText(word("state"), 30),
    zip: optionalText(word("zip"), 10),
    password,
  })
  .transform((body, ctx) => {
    let failed = false;
    const fail = (field: string, message: string) => {
      failed = true;
      ctx.addIssue({ code: "custom", path: [field], message });
    };
    const names = body.firstName?.trim() ? { firstName: body.firstName.trim(), lastName: body.lastName?.trim() || null } : splitName(body.name ?? "");
    if (!names.firstName) fail(body.name !== undefined ? "name" : "firstName", AUTH_SAID.nameRequired);
    else if (names.firstName.length > 50) fail("firstName", said("messages.atMost", { count: 50 }));

    let email: string | null = null;
    let phoneNumber: string | null = null;
    if (body.credential?.trim()) {
      const parsed = parseCredential(body.credential);
      if ("error" in parsed) fail("credential", parsed.error);
      else if ("email" in parsed.credential) email = parsed.credential.email;
      else phoneNumber = parsed.credential.phoneNumber;
    }
    if (body.email?.trim()) {
      if (isValidEmail(body.email.trim())) email = body.email.trim().toLowerCase();
      else fail("email", AUTH_SAID.invalidEmail);
    }
    if (body.phoneNumber?.trim()) {
      const phone = normalizePhone(body.phoneNumber);
      if (phone) phoneNumber = phone;
      else fail("phoneNumber", AUTH_SAID.invalidPhone);
    }
    if (!email && !phoneNumber && !failed) {
      fail(body.credential !== undefined ? "credential" : "email", AUTH_SAID.credentialEmpty);
    }
    if (email && email.length > 254) fail("email", AUTH_SAID.invalidEmail);
    const place = signupAddress(body);
    if ("error" in place) fail("address", place.error);
    if (failed || "error" in place) return z.NEVER;
    return { ...names, email, phoneNumber, ...place.parts, password: body.password };
  });
export type SignupInput = z.output<typeof signupSchema>;

/** PUT /api/users/{id}/password: the current password and a new one of 8-72 bytes. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: said("messages.currentPasswordRequired") })
    .min(1, said("messages.currentPasswordRequired"))
    .max(1024),
  newPassword: password,
});

/** POST /api/auth/password-reset: the email to send a reset link to (lowercased, as signup keeps it). */
export const passwordResetRequestSchema = z.object({
  email: freeText(word("email"), { required: said("messages.emailRequired") })
    .max(MAX_EMAIL_LENGTH, tooLong(MAX_EMAIL_LENGTH))
    .transform((value, ctx) => {
      const email = value.trim();
      if (isValidEmail(email)) return email.toLowerCase();
      ctx.addIssue({ code: "custom", message: AUTH_SAID.invalidEmail });
      return z.NEVER;
    }),
});

/** POST /api/auth/password-reset/confirm: the link's token and the new password (the signup's rules), and whether the passkeys go too. */
export const passwordResetSchema = z.object({
  token: z.string({ error: RESET_SAID.invalidLink }).min(1, RESET_SAID.invalidLink).max(200, RESET_SAID.invalidLink),
  password,
  /** The reset page's choice: every passkey of the account removed with the reset. */
  removePasskeys: removePasskeysField,
});
