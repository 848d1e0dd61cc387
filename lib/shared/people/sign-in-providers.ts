// The providers a person may sign in with besides a password and passkeys (docs/architecture/
// accounts-security.md "Google and Apple"), in the order their buttons show.
export const SIGN_IN_PROVIDERS = ["google", "apple"] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];
export const isSignInProvider = (name: string): name is SignInProvider => (SIGN_IN_PROVIDERS as readonly string[]).includes(name);
