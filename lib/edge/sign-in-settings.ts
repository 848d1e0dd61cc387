// Sign in with Google and Apple's settings (docs/architecture/accounts-security.md "Google and
// Apple", .env.example). Plain module, read by load-config.ts. A provider is on when its client
// id is set (GOOGLE_CLIENT_ID with GOOGLE_CLIENT_SECRET; APPLE_CLIENT_ID with APPLE_TEAM_ID,
// APPLE_KEY_ID and APPLE_PRIVATE_KEY, the key Apple's client secret is signed with). Neither set,
// outside production, both are the local stand-in the host serves (server/sign-in-stand-in.mjs);
// in production neither is offered (no button, its routes 404), and SIGN_IN_STAND_IN=on refuses
// to start: a real site never signs people in through the stand-in.
import { SIGN_IN_STAND_IN_PATH, SIGN_IN_STAND_IN_SECRET, signInStandInOrigin, signInStandInWanted } from "@/lib/shared/web/host-contract.mjs";

import type { SignInProvider } from "../shared/people/sign-in-providers";

export type ProviderSettings = {
  /** The issuer its discovery document and ID tokens name. */
  issuer: string;
  clientId: string;
  /** Google's client secret, or Apple's signing key (the client secret is a JWT signed with it). */
  secret: { kind: "secret"; value: string } | { kind: "appleKey"; teamId: string; keyId: string; privateKey: string };
  /** The local stand-in (plain http on this machine). */
  standIn: boolean;
};
export type SignInSettings = Partial<Record<SignInProvider, ProviderSettings>>;

const required = (env: Record<string, string | undefined>, name: string, what: string) => {
  const value = env[name]?.trim();
  if (!value) throw new Error(`${name} is required with ${what}`);
  return value;
};

export function signInSettings(env: Record<string, string | undefined>, deployment: "production" | "development"): SignInSettings {
  if (signInStandInWanted({ ...env, NOSH_ENV: deployment })) {
    if (deployment === "production")
      throw new Error(
        "SIGN_IN_STAND_IN=on signs anyone in as anyone: it is for development and tests, not NOSH_ENV=production (set GOOGLE_CLIENT_ID or APPLE_CLIENT_ID)",
      );
    const origin = signInStandInOrigin(env);
    const standIn = (provider: SignInProvider): ProviderSettings => ({
      issuer: `${origin}${SIGN_IN_STAND_IN_PATH}/${provider}`,
      clientId: `nosh-${provider}`,
      secret: { kind: "secret", value: SIGN_IN_STAND_IN_SECRET },
      standIn: true,
    });
    return { google: standIn("google"), apple: standIn("apple") };
  }
  const settings: SignInSettings = {};
  const googleId = env.GOOGLE_CLIENT_ID?.trim();
  if (googleId) {
    settings.google = {
      issuer: env.GOOGLE_ISSUER?.trim() || "https://accounts.google.com",
      clientId: googleId,
      secret: { kind: "secret", value: required(env, "GOOGLE_CLIENT_SECRET", "GOOGLE_CLIENT_ID") },
      standIn: false,
    };
  }
  const appleId = env.APPLE_CLIENT_ID?.trim();
  if (appleId) {
    const what = "APPLE_CLIENT_ID (the Services ID)";
    settings.apple = {
      issuer: env.APPLE_ISSUER?.trim() || "https://appleid.apple.com",
      clientId: appleId,
      secret: {
        kind: "appleKey",
        teamId: required(env, "APPLE_TEAM_ID", what),
        keyId: required(env, "APPLE_KEY_ID", what),
        // A .p8 key's PEM, its line breaks written as \n in one-line settings.
        privateKey: required(env, "APPLE_PRIVATE_KEY", what).replace(/\\n/g, "\n"),
      },
      standIn: false,
    };
  }
  return settings;
}
