import "server-only";
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { ownOrigin, type GuardedRequest } from "@/lib/edge/request-guard";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { ApiError, conflict, fieldError, forbidden, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { sqlOf } from "../platform/sql";
import { notify } from "../notifications/outbox";
import { confirmOwnPassword, suspendedSignIn, withWallet, type WalletUser } from "./users";
import { said, word } from "@/lib/shared/words/said";

// Passkeys (docs/architecture/accounts-security.md): WebAuthn credentials made
// and checked with @simplewebauthn/server; the browser side is navigator.credentials itself
// (lib/client/webauthn.ts). The relying party is the app's own origin: PUBLIC_ORIGIN
// when set (required in production), else the origin the request came to; its host is the RP ID.
// Every ceremony's challenge is a row (WebAuthnChallenge) taken once by a conditional UPDATE
// (unused, not expired, for this purpose and account): a replayed or late answer is refused.

export const CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * How recent the confirmation that adds a passkey must be: the password or an existing passkey is
 * given with the options request, and the registration challenge it unlocks lives this long.
 */
export const CONFIRMATION_WINDOW_MINUTES = CHALLENGE_TTL_MS / 60_000;
/** Passkeys an account may hold: the list is never paged. */
export const MAX_PASSKEYS = 20;

const TOO_MANY = said("messages.passkeysAtMost", { count: MAX_PASSKEYS });

export type RelyingParty = { origin: string; rpID: string };

/** The relying party for a request whose site origin is `siteOrigin` (lib/edge/request-guard.ts ownOrigin: PUBLIC_ORIGIN when set). */
export function relyingParty(siteOrigin: string): RelyingParty {
  const origin = config().publicOrigin ?? siteOrigin;
  return { origin, rpID: new URL(origin).hostname };
}

/** The relying party of a request: the origin the anti-forgery check accepts for it. */
export const relyingPartyOf = (request: GuardedRequest & { nextUrl: URL }): RelyingParty => relyingParty(ownOrigin(request) ?? request.nextUrl.origin);

type Purpose = "register" | "login";

async function saveChallenge(challenge: string, purpose: Purpose, userId: number | null, now: Date): Promise<void> {
  await db.webAuthnChallenge.create({ data: { challenge, purpose, userId, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) } });
}

/** The challenge the browser signed (its clientDataJSON's), or "" when it cannot be read. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" ? data.challenge : "";
  } catch {
    return "";
  }
}

/** Takes the challenge once: a 400 naming `credential` when it is unknown, used, expired or another's. */
export async function takeChallenge(challenge: string, purpose: Purpose, userId: number | null, now = new Date()): Promise<void> {
  const { count } = challenge
    ? await db.webAuthnChallenge.updateMany({ where: { challenge, purpose, userId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } })
    : { count: 0 };
  if (count !== 1) throw fieldError("credential", said("messages.passkeyExpired"));
}

/** What confirms the account's holder before a passkey is added: its password, or an answer of one of its passkeys to a sign-in challenge. */
export type PasskeyConfirmation = { password?: string; credential?: unknown };

/** A 400 naming `password` (missing or wrong, throttled as a login) or `credential` (not one of the account's passkeys, or not verified). */
async function confirmHolder(user: SessionUser, confirmation: PasskeyConfirmation, rp: RelyingParty, address: string, now: Date): Promise<void> {
  if (confirmation.credential !== undefined) {
    const key = await verifyAssertion(confirmation.credential, rp, now, (message) => fieldError("credential", message));
    if (key.userId !== user.id) throw fieldError("credential", said("messages.passkeyOwn"));
    await db.passkey.update({ where: { id: key.id }, data: { counter: key.newCounter, lastUsedAt: now } });
    return;
  }
  if (!confirmation.password) throw fieldError("password", said("messages.passkeyPassword"));
  await confirmOwnPassword(user.id, confirmation.password, address, () => fieldError("password", said("messages.passwordIncorrect")));
}

/**
 * The options for navigator.credentials.create(): a discoverable credential for this account,
 * given only after a fresh confirmation (the password or an existing passkey): its challenge, the
 * only way to keep a passkey, lives CONFIRMATION_WINDOW_MINUTES.
 */
export async function registrationOptions(
  user: SessionUser,
  confirmation: PasskeyConfirmation,
  rp: RelyingParty,
  address: string,
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  if (user.guestAccount) throw forbidden(said("messages.signUpPasskey"));
  await confirmHolder(user, confirmation, rp, address, now);
  const existing = await db.passkey.findMany({ where: { userId: user.id }, select: { credentialId: true, transports: true } });
  if (existing.length >= MAX_PASSKEYS) throw conflict(TOO_MANY);
  const options = await generateRegistrationOptions({
    rpName: "Nosh",
    rpID: rp.rpID,
    userName: user.email ?? user.phoneNumber ?? `nosh-${user.id}`,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" "),
    userID: new TextEncoder().encode(`nosh-user-${user.id}`),
    challenge: randomBytes(32),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: JSON.parse(key.transports) as string[] })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await saveChallenge(options.challenge, "register", user.id, now);
  return options;
}

export type PasskeyJson = { id: number; name: string; createdAt: string; lastUsedAt: string | null };
const toJson = (key: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyJson => ({
  id: key.id,
  name: key.name,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
});

/** Verifies the browser's answer to this account's registration challenge and keeps the passkey. */
export async function registerPasskey(user: SessionUser, input: { name: string; credential: unknown }, rp: RelyingParty, now = new Date()): Promise<PasskeyJson> {
  if (user.guestAccount) throw forbidden(said("messages.signUpPasskey"));
  const response = input.credential as RegistrationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  await takeChallenge(challenge, "register", user.id, now);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw fieldError("credential", said("messages.passkeyUnverified"));
  const { credential } = verified.registrationInfo;
  if (await db.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) throw conflict(said("messages.passkeyRegistered"));
  // The account is told by mail in the same transaction: a passkey signs in without the password.
  const created = await db.$transaction(async (tx) => {
    const key = await tx.passkey.create({
      data: {
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
        name: input.name,
        createdAt: now,
      },
    });
    await notify(sqlOf(tx), { to: { userId: user.id }, kind: "passkey_added", cause: `passkey-added:${key.id}`, payload: { note: key.name } }, now);
    return key;
  });
  return toJson(created);
}

/** The account's passkeys, newest first. */
export async function listPasskeys(user: Pick<SessionUser, "id" | "guestAccount">): Promise<PasskeyJson[]> {
  if (user.guestAccount) throw forbidden(said("messages.signUpPasskey"));
  const keys = await db.passkey.findMany({ where: { userId: user.id }, orderBy: { id: "desc" }, take: MAX_PASSKEYS });
  return keys.map(toJson);
}

/** Removes every passkey of the account (a password reset's or "Log out everywhere"'s choice); how many went. */
export async function removeAllPasskeys(userId: number): Promise<number> {
  const { count } = await db.passkey.deleteMany({ where: { userId } });
  return count;
}

/** Removes one of the account's passkeys; anyone else's (or a missing one) is a 404. */
export async function removePasskey(user: Pick<SessionUser, "id">, id: number): Promise<void> {
  const { count } = await db.passkey.deleteMany({ where: { id, userId: user.id } });
  if (count !== 1) throw notFound(said("messages.notFound", { what: word("passkey") }));
}

/** The options for navigator.credentials.get(): any of the browser's passkeys for this site. */
export async function loginOptions(rp: RelyingParty, now = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, challenge: randomBytes(32), userVerification: "preferred" });
  await saveChallenge(options.challenge, "login", null, now);
  return options;
}

/** Checks a passkey's answer to a sign-in challenge (taken once): the passkey's row and its new counter, or `refuse(message)`. */
async function verifyAssertion(credential: unknown, rp: RelyingParty, now: Date, refuse: (message: string) => Error) {
  const response = credential as AuthenticationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  await takeChallenge(challenge, "login", null, now);
  const key = await db.passkey.findUnique({ where: { credentialId: response.id } });
  if (!key) throw refuse(said("messages.passkeyUnknown"));
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, "base64url"), counter: key.counter, transports: JSON.parse(key.transports) as string[] },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw refuse(said("messages.passkeyUnverified"));
  return { ...key, newCounter: verified.authenticationInfo.newCounter };
}

/** Signs in with a passkey's answer to a sign-in challenge: the account, whose session the route starts. */
export async function loginWithPasskey(credential: unknown, rp: RelyingParty, now = new Date()): Promise<WalletUser> {
  const key = await verifyAssertion(credential, rp, now, (message) => new ApiError("unauthorized", message, { credential: message }));
  const user = await db.user.findUniqueOrThrow({ where: { id: key.userId } });
  if (user.suspendedAt) throw new ApiError("forbidden", suspendedSignIn(user.suspensionReason), { credential: suspendedSignIn(user.suspensionReason) });
  if (user.demoAccount && !config().demoLogin) throw new ApiError("unauthorized", said("messages.passkeyUnknown"), { credential: said("messages.passkeyUnknown") });
  await db.passkey.update({ where: { id: key.id }, data: { counter: key.newCounter, lastUsedAt: now } });
  return withWallet(user);
}

/** Deletes challenges that died more than an hour ago (the hourly sweep's). */
export async function pruneChallenges(now = new Date()): Promise<number> {
  const { count } = await db.webAuthnChallenge.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 3_600_000) } } });
  return count;
}
