import { describe, expect, it } from "vitest";
import { signInSettings } from "./sign-in-settings";

// Which sign-in providers a deployment offers (docs/architecture/accounts-security.md "Google and
// Apple"): the stand-in only outside production, the real ones only when configured.

const origin = { NOSH_LOCAL_ORIGIN: "http://127.0.0.1:3430" };

describe("sign-in settings", () => {
  it("outside production with nothing configured, both providers are the stand-in on localhost at the server's own port", () => {
    expect(signInSettings(origin, "development")).toEqual({
      google: { issuer: "http://localhost:3430/dev/sign-in/google", clientId: "nosh-google", secret: { kind: "secret", value: "nosh-stand-in-secret" }, standIn: true },
      apple: { issuer: "http://localhost:3430/dev/sign-in/apple", clientId: "nosh-apple", secret: { kind: "secret", value: "nosh-stand-in-secret" }, standIn: true },
    });
  });

  it("production without configuration offers none, and refuses to start on the stand-in", () => {
    expect(signInSettings(origin, "production")).toEqual({});
    expect(() => signInSettings({ ...origin, SIGN_IN_STAND_IN: "on" }, "production")).toThrow(/not NOSH_ENV=production/);
  });

  it("a configured provider is the real one (and only it), its missing secret refusing to start", () => {
    const google = signInSettings({ GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "s3cret" }, "production");
    expect(google).toEqual({
      google: { issuer: "https://accounts.google.com", clientId: "id.apps.googleusercontent.com", secret: { kind: "secret", value: "s3cret" }, standIn: false },
    });
    expect(() => signInSettings({ GOOGLE_CLIENT_ID: "id" }, "production")).toThrow(/GOOGLE_CLIENT_SECRET is required/);
    const apple = signInSettings(
      { APPLE_CLIENT_ID: "com.nosh.web", APPLE_TEAM_ID: "TEAM", APPLE_KEY_ID: "KEY", APPLE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----" },
      "development",
    );
    expect(apple.apple).toMatchObject({
      issuer: "https://appleid.apple.com",
      secret: { kind: "appleKey", teamId: "TEAM", keyId: "KEY", privateKey: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----" },
    });
    expect(apple.google).toBeUndefined();
    expect(() => signInSettings({ APPLE_CLIENT_ID: "com.nosh.web" }, "development")).toThrow(/APPLE_TEAM_ID is required/);
  });
});
