// The auth forms' values, on their own so that the checks (form-rules.ts, loaded later) and the
// forms (through validate.ts) name them without importing each other.

export type CredentialValues = { name: string; credential: string; password: string };
/** Signup also takes the delivery address as one "ADDRESS, CITY, STATE, ZIP" line (optional). */
export type SignupValues = CredentialValues & { address: string };

export type SignupModalValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
};
