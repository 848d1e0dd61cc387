// The account rules that need no schema: messages, the email and phone
// formats, the login credential and the name split. Zod-free, so client components can use
// them without shipping zod (../auth.ts builds the schemas on them and re-exports them).

import { said, word } from "@/lib/shared/words/said";

export const AUTH_SAID = {
  credentialEmpty: said("messages.credentialEmpty"),
  invalidEmail: said("messages.invalidEmail"),
  invalidPhone: said("messages.invalidPhone"),
  passwordShort: said("messages.passwordShort"),
  passwordLong: said("messages.passwordLong"),
  passwordRequired: said("messages.passwordRequired"),
  nameRequired: said("messages.nameRequiredAuth"),
  confirmMismatch: said("messages.confirmMismatch"),
  loginFailed: said("messages.loginFailed"),
} as const;

/** The forms' own: the guest signup modal's empty fields, and the repeated password. */
export const FORM_SAID = {
  lastName: said("messages.required", { label: word("lastName") }),
  email: said("messages.required", { label: word("email") }),
  phoneNumber: said("messages.required", { label: word("phoneNumber") }),
  password: said("messages.required", { label: word("password") }),
  confirm: said("rules.forms.confirm"),
  confirmNew: said("rules.forms.confirmNew"),
} as const;

/** Password reset (docs/architecture/security.md "Password reset"). */
export const RESET_SAID = {
  requested: said("rules.screens.resetRequested"),
  invalidLink: said("messages.resetLinkInvalid"),
  changed: said("rules.screens.passwordChanged"),
} as const;

/** The longest email an address can be (RFC 5321's path limit), and the longest phone as typed: 10 digits and a few dashes. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PHONE_LENGTH = 14;

/** Email per the spec: something, '@', and a '.' somewhere after the '@'; at most MAX_EMAIL_LENGTH characters. */
export function isValidEmail(value: string): boolean {
  const at = value.indexOf("@");
  return value.length <= MAX_EMAIL_LENGTH && at > 0 && value.indexOf(".", at + 2) > at + 1 && !value.endsWith(".") && !/\s/.test(value);
}

/** A phone may carry dashes (at most MAX_PHONE_LENGTH characters); without them it must be exactly 10 digits. Returns the digits or null. */
export function normalizePhone(value: string): string | null {
  if (value.trim().length > MAX_PHONE_LENGTH) return null;
  const digits = value.trim().replace(/-/g, "");
  return /^\d{10}$/.test(digits) ? digits : null;
}

export type Credential = { email: string } | { phoneNumber: string };

/** Reads the login form's single credential field: an email when it has '@', else a phone. */
export function parseCredential(raw: string): { credential: Credential } | { error: string } {
  const value = raw.trim();
  if (!value) return { error: AUTH_SAID.credentialEmpty };
  if (value.includes("@")) {
    return isValidEmail(value) ? { credential: { email: value.toLowerCase() } } : { error: AUTH_SAID.invalidEmail };
  }
  const phone = normalizePhone(value);
  return phone ? { credential: { phoneNumber: phone } } : { error: AUTH_SAID.invalidPhone };
}

/** "Ada Byron King" -> first "Ada", last "King"; one word is the first name only. */
export function splitName(name: string): { firstName: string; lastName: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? "", lastName: null };
  return { firstName: words[0]!, lastName: words[words.length - 1]! };
}
