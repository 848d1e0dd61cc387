import "server-only";
import * as client from "openid-client";
import { SignJWT, importPKCS8 } from "jose";
import type { ProviderSettings } from "@/lib/edge/sign-in-settings";
import { SIGN_IN_PROVIDERS, isSignInProvider, type SignInProvider } from "@/lib/shared/people/sign-in-providers";
import { config } from "../platform/config";
import { notFound } from "../platform/errors";
import { said, word } from "@/lib/shared/words/said";

// Google and Apple as OpenID Connect providers, one interface for both (docs/architecture/
// accounts-security.md "Google and Apple"): `openid-client` (a certified relying party) discovers
// each issuer, builds the authorization URL (code flow, PKCE S256, state, nonce) and, at the
// callback, checks the answer's state (and RFC 9207 `iss`), exchanges the code with the verifier
// and checks the ID token: its issuer, audience, expiry, nonce and, through
// enableNonRepudiationChecks, its signature against the issuer's published keys. Nothing here
// reads a JWT by hand. The local stand-in (server/sign-in-stand-in.mjs) is plain http on this
// machine: only it is let through allowInsecureRequests.

/** What each provider is asked for; Apple answers by form_post when it is asked for a name or email. */
const REQUESTS: Record<SignInProvider, Record<string, string>> = {
  google: { scope: "openid email profile" },
  apple: { scope: "openid email name", response_mode: "form_post" },
};

const configurations = new Map<SignInProvider, Promise<client.Configuration>>();
/** Apple's client secret: a short-lived ES256 JWT signed with the team's key, made afresh before it runs out. */
let appleSecret: { jwt: string; expiresAt: number } | null = null;

/** The provider's settings, or the 404 of one that is not offered (production without its configuration). */
export function providerSettings(provider: SignInProvider): ProviderSettings {
  const settings = config().signIn[provider];
  if (!settings) throw notFound(said("messages.notFound", { what: word("signInProvider") }));
  return settings;
}

/** The provider a path names, when it is offered; else the 404 of a missing one. */
export function offeredProvider(name: string): SignInProvider {
  if (!isSignInProvider(name)) throw notFound(said("messages.notFound", { what: word("signInProvider") }));
  providerSettings(name);
  return name;
}

/** The providers offered, in the order their buttons show. */
export const offeredProviders = (): SignInProvider[] => SIGN_IN_PROVIDERS.filter((provider) => config().signIn[provider]);

/** The provider's discovered configuration (discovered once; a failed discovery is tried again next time). */
function providerConfiguration(provider: SignInProvider): Promise<client.Configuration> {
  let found = configurations.get(provider);
  if (!found) {
    found = discover(providerSettings(provider)).catch((error: unknown) => {
      configurations.delete(provider);
      throw error;
    });
    configurations.set(provider, found);
  }
  return found;
}

async function discover(settings: ProviderSettings): Promise<client.Configuration> {
  const auth =
    settings.secret.kind === "secret"
      ? client.ClientSecretPost(settings.secret.value)
      : (_as: client.ServerMetadata, metadata: client.ClientMetadata, body: URLSearchParams) => {
          body.set("client_id", metadata.client_id);
          body.set("client_secret", appleSecret?.jwt ?? "");
        };
  const configuration = await client.discovery(
    new URL(settings.issuer),
    settings.clientId,
    { id_token_signed_response_alg: "RS256" },
    auth,
    settings.standIn ? { execute: [client.allowInsecureRequests] } : undefined,
  );
  client.enableNonRepudiationChecks(configuration);
  return configuration;
}

/** A fresh state, nonce and PKCE verifier, and the URL that sends the browser to the provider with them. */
export async function authorizationRequest(provider: SignInProvider, redirectUri: string) {
  const configuration = await providerConfiguration(provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(configuration, {
    ...REQUESTS[provider],
    redirect_uri: redirectUri,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/** What a verified ID token says of the person. */
export type IdClaims = { subject: string; email: string | null; emailVerified: boolean; name: string | null; givenName: string | null; familyName: string | null };

/**
 * The authorization answer (`answer`: the callback URL with its parameters, as the provider sent
 * them) checked and exchanged: the ID token's claims once every check passed; throws otherwise.
 */
export async function verifiedClaims(provider: SignInProvider, answer: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<IdClaims> {
  const configuration = await providerConfiguration(provider);
  await freshAppleSecret(providerSettings(provider));
  const tokens = await client.authorizationCodeGrant(configuration, answer, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("no ID token");
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  return {
    subject: claims.sub,
    email: text(claims.email)?.toLowerCase() ?? null,
    // Apple writes its booleans as strings ("true").
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: text(claims.name),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}

/** Apple's client secret (https://developer.apple.com "Creating a client secret"): iss the team, sub the Services ID, aud Apple, 10 minutes. */
async function freshAppleSecret(settings: ProviderSettings): Promise<void> {
  if (settings.secret.kind !== "appleKey" || (appleSecret && appleSecret.expiresAt > Date.now() + 60_000)) return;
  const { teamId, keyId, privateKey } = settings.secret;
  const expiresAt = Date.now() + 600_000;
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: keyId })
    .setIssuer(teamId)
    .setSubject(settings.clientId)
    .setAudience(settings.issuer)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await importPKCS8(privateKey, "ES256"));
  appleSecret = { jwt, expiresAt };
}
