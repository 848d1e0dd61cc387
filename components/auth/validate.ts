import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { issuesByField, type FieldErrors } from "@/lib/validation/fields";
import { AUTH_MESSAGES, isValidEmail, loginSchema, normalizePhone, parseCredential, signupSchema, splitName } from "@/lib/validation/auth";

// Client-side checks for the auth forms, built from the shared rules in lib/validation/auth.ts
// so the page and the server never disagree.

export type { FieldErrors } from "@/lib/validation/fields";

export type CredentialValues = { name: string; credential: string; password: string };

/** Login and signup (one credential field). A failing password stops the schema before its
 * credential and name checks, so those run again through the shared helpers. */
export function validateCredentialForm(mode: "login" | "signup", values: CredentialValues): FieldErrors {
  const errors =
    mode === "login"
      ? issuesByField(loginSchema, { credential: values.credential, password: values.password })
      : issuesByField(signupSchema, values);
  const credential = parseCredential(values.credential);
  if (!errors.credential && "error" in credential) errors.credential = credential.error;
  if (mode === "signup" && !errors.name && !splitName(values.name).firstName) errors.name = AUTH_MESSAGES.nameRequired;
  return errors;
}

export type SignupModalValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
};

const REQUIRED: Record<keyof SignupModalValues, string> = {
  firstName: "First name is required",
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

/**
 * Turns a failed auth call into field errors. `fieldFor` maps a server field name to the
 * form's field; anything unmapped becomes the form-level message under `form`.
 */
export function serverErrors(error: unknown, fieldFor: (serverField: string) => string | null): FieldErrors {
  if (!(error instanceof ApiClientError) || error.status >= 500 || error.status === 0) {
    return { form: error instanceof ApiClientError ? error.message : SERVER_FAILURE };
  }
  const errors: FieldErrors = {};
  for (const [serverField, message] of Object.entries(error.errors)) {
    const field = fieldFor(serverField);
    if (field) errors[field] ??= message;
  }
  if (Object.keys(errors).length === 0) errors.form = error.message;
  return errors;
}
