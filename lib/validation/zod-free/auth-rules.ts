// The account rules that need no schema: messages, the email and phone
// formats, the login credential and the name split. Zod-free, so client components can use
// them without shipping zod (../auth.ts builds the schemas on them and re-exports them).

export const AUTH_MESSAGES = {
  credentialEmpty: "Please enter a valid email or phone number",
  invalidEmail: "Invalid email",
  invalidPhone: "Invalid phone number",
  passwordShort: "Password must be at least 8 characters",
  passwordLong: "Password must be at most 72 characters",
  passwordRequired: "Please enter your password",
  nameRequired: "Please enter your name",
  confirmMismatch: "Confirm Password field must be the same as the Password field",
  loginFailed: "Invalid credentials",
} as const;

/** The forms' own: the guest signup modal's empty fields, and the repeated password. */
export const FORM_MESSAGES = {
  lastName: "Last name is required",
  email: "Email is required",
  phoneNumber: "Phone number is required",
  password: "Password is required",
  confirm: "Please confirm your password",
  confirmNew: "Please confirm your new password",
} as const;

/** Password reset (docs/architecture/security.md "Password reset"). */
export const RESET_MESSAGES = {
  requested: "If an account uses that email, we sent it a link to reset the password.",
  invalidLink: "This password reset link is invalid, already used or expired. Ask for a new one.",
  changed: "Your password was changed and every session was signed out. Sign in with your new password.",
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
  if (!value) return { error: AUTH_MESSAGES.credentialEmpty };
  if (value.includes("@")) {
    return isValidEmail(value) ? { credential: { email: value.toLowerCase() } } : { error: AUTH_MESSAGES.invalidEmail };
  }
  const phone = normalizePhone(value);
  return phone ? { credential: { phoneNumber: phone } } : { error: AUTH_MESSAGES.invalidPhone };
}

/** "Ada Byron King" -> first "Ada", last "King"; one word is the first name only. */
export function splitName(name: string): { firstName: string; lastName: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? "", lastName: null };
  return { firstName: words[0]!, lastName: words[words.length - 1]! };
}
