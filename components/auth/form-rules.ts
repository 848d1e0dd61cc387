import { issuesByField, type FieldErrors } from "@/lib/validation/fields";
import {
  AUTH_MESSAGES,
  isValidEmail,
  loginSchema,
  normalizePhone,
  parseCredential,
  passwordResetRequestSchema,
  passwordResetSchema,
  signupSchema,
  splitName,
} from "@/lib/validation/auth";
import { parseAddressLine } from "@/lib/validation/zod-free/profile-rules";
import type { CredentialValues, SignupModalValues, SignupValues } from "./form-values";
import { FIRST_NAME_REQUIRED } from "@/lib/shared/messages";

// The auth forms' checks, from the shared schemas. They bring zod, so the forms load this
// module lazily (authFormRules in validate.ts) rather than with the page.

/** Login and signup (one credential field). A failing password stops the schema before its
 * credential and name checks, so those run again through the shared helpers. */
export function validateCredentialForm(mode: "login" | "signup", values: CredentialValues | SignupValues): FieldErrors {
  const errors = mode === "login" ? issuesByField(loginSchema, { credential: values.credential, password: values.password }) : issuesByField(signupSchema, values);
  const credential = parseCredential(values.credential);
  if (!errors.credential && "error" in credential) errors.credential = credential.error;
  if (mode === "signup" && !errors.name && !splitName(values.name).firstName) errors.name = AUTH_MESSAGES.nameRequired;
  if ("address" in values && values.address.trim() && !errors.address) {
    const address = parseAddressLine(values.address);
    if ("error" in address) errors.address = address.error;
  }
  return errors;
}

const REQUIRED: Record<keyof SignupModalValues, string> = {
  firstName: FIRST_NAME_REQUIRED,
  lastName: "Last name is required",
  email: "Email is required",
  phoneNumber: "Phone number is required",
  password: "Password is required",
  confirmPassword: "Please confirm your password",
};

/** The guest signup modal: every field required, and the two passwords must match. */
export function validateSignupModal(values: SignupModalValues): FieldErrors {
  const { confirmPassword, ...body } = values;
  const errors = issuesByField(signupSchema, body);
  if (!errors.email && !isValidEmail(values.email.trim())) errors.email = AUTH_MESSAGES.invalidEmail;
  if (!errors.phoneNumber && !normalizePhone(values.phoneNumber)) errors.phoneNumber = AUTH_MESSAGES.invalidPhone;
  for (const [field, message] of Object.entries(REQUIRED)) {
    if (!values[field as keyof SignupModalValues].trim()) errors[field] = message;
  }
  if (!errors.confirmPassword && confirmPassword !== values.password) errors.confirmPassword = AUTH_MESSAGES.confirmMismatch;
  return errors;
}

/** "Forgot password?": the email, by the API's own rules. */
export function validateResetRequest(email: string): FieldErrors {
  return issuesByField(passwordResetRequestSchema, { email });
}

/** The reset link's page: the new password by the signup's rules, and the confirmation must match. */
export function validateNewPassword(values: { password: string; confirmPassword: string }): FieldErrors {
  const errors = issuesByField(passwordResetSchema, { token: "-", password: values.password });
  if (!errors.password && values.confirmPassword !== values.password) errors.confirmPassword = AUTH_MESSAGES.confirmMismatch;
  return errors;
}
