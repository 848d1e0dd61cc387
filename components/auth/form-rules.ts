import { inWords, issuesByField, type FieldErrors, type RuleWords } from "@/lib/contract/common/field-rules";
import {
  AUTH_SAID,
  FORM_SAID,
  isValidEmail,
  loginSchema,
  normalizePhone,
  parseCredential,
  passwordResetRequestSchema,
  passwordResetSchema,
  signupSchema,
  splitName,
} from "@/lib/contract/accounts/auth-rules";
import { parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import type { CredentialValues, SignupModalValues, SignupValues } from "./form-values";
import { said } from "@/lib/shared/words/said";

// The auth forms' checks, from the shared schemas. They bring zod, so the forms load this
// module lazily (authFormRules in validate.ts) rather than with the page. `words`: the messages
// in the reader's language (RuleWords, from the page's formRules).

/** Login and signup (one credential field). A failing password stops the schema before its
 * credential and name checks, so those run again through the shared helpers. */
export function validateCredentialForm(mode: "login" | "signup", values: CredentialValues | SignupValues, words?: RuleWords): FieldErrors {
  const errors = mode === "login" ? issuesByField(loginSchema, { credential: values.credential, password: values.password }) : issuesByField(signupSchema, values);
  const credential = parseCredential(values.credential);
  if (!errors.credential && "error" in credential) errors.credential = credential.error;
  if (mode === "signup" && !errors.name && !splitName(values.name).firstName) errors.name = AUTH_SAID.nameRequired;
  if ("address" in values && values.address.trim() && !errors.address) {
    const address = parseAddressLine(values.address);
    if ("error" in address) errors.address = address.error;
  }
  return inWords(errors, words);
}

const REQUIRED: Record<keyof SignupModalValues, string> = {
  firstName: said("messages.firstNameRequired"),
  lastName: FORM_SAID.lastName,
  email: FORM_SAID.email,
  phoneNumber: FORM_SAID.phoneNumber,
  password: FORM_SAID.password,
  confirmPassword: FORM_SAID.confirm,
};

/** The guest signup modal: every field required, and the two passwords must match. */
export function validateSignupModal(values: SignupModalValues, words?: RuleWords): FieldErrors {
  const { confirmPassword, ...body } = values;
  const errors = issuesByField(signupSchema, body);
  if (!errors.email && !isValidEmail(values.email.trim())) errors.email = AUTH_SAID.invalidEmail;
  if (!errors.phoneNumber && !normalizePhone(values.phoneNumber)) errors.phoneNumber = AUTH_SAID.invalidPhone;
  for (const [field, message] of Object.entries(REQUIRED)) {
    if (!values[field as keyof SignupModalValues].trim()) errors[field] = message;
  }
  if (!errors.confirmPassword && confirmPassword !== values.password) errors.confirmPassword = AUTH_SAID.confirmMismatch;
  return inWords(errors, words);
}

/** "Forgot password?": the email, by the API's own rules. */
export function validateResetRequest(email: string, words?: RuleWords): FieldErrors {
  return issuesByField(passwordResetRequestSchema, { email }, words);
}

/** The reset link's page: the new password by the signup's rules, and the confirmation must match. */
export function validateNewPassword(values: { password: string; confirmPassword: string }, words?: RuleWords): FieldErrors {
  const errors = issuesByField(passwordResetSchema, { token: "-", password: values.password });
  if (!errors.password && values.confirmPassword !== values.password) errors.confirmPassword = AUTH_SAID.confirmMismatch;
  return inWords(errors, words);
}
