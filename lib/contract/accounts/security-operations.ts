import { z } from "zod";
import { passkeyLoginSchema, passkeyOptionsSchema, passkeyRegistrationSchema, verifyEmailSchema } from "@/lib/contract/accounts/passkey-rules";
import { messageSchema } from "../common/schemas";
import { userSchema } from "./schemas";
import { anyone, author, member, op } from "../define";

// Verified email and passkeys (docs/architecture/accounts-security.md).
// Their response schemas live here.

const emailStatusSchema = z.object({ email: z.string().nullable(), verified: z.boolean(), pendingEmail: z.string().nullable() });
const passkeySchema = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
/** The WebAuthn options as JSON (the browser turns their base64url fields into bytes). */
const optionsSchema = z.looseObject({ challenge: z.string() });

/** A passkey's answer of the right shape whose challenge the server never gave: refused past the access check (400). */
const BOGUS_CREDENTIAL = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "oA", authenticatorData: "AA", signature: "AA" },
};

export const accountSecurityOperations = [
  op("GET /api/account/email", {
    summary: "The account's email address, whether it is verified, and a new address waiting for its link",
    access: member,
    paging: { unpaged: "one account's email status" },
    ok: { description: "The email status", schema: emailStatusSchema },
    errors: { 403: "A guest account" },
    fixture: { matrix: {} },
  }),
  op("POST /api/account/email/resend", {
    summary: "Mail the verification link again (to the waiting new address, else the account's unverified one); EMAIL_VERIFICATION_RESENDS an hour",
    access: member,
    ok: { description: "Sent", schema: emailStatusSchema.extend({ message: z.string() }) },
    errors: { 409: "Already verified, or no email address", 429: "Too many resends" },
    // The matrix's owner is verified (payouts ask it): past the access check, a 409 says so.
    fixture: { matrix: { status: 409 } },
  }),
  op("POST /api/auth/verify-email", {
    summary: "Confirm an email address with its link's token, once: the account's email becomes it, verified (a change tells the old address)",
    access: anyone,
    body: verifyEmailSchema,
    ok: { description: "Verified", schema: messageSchema.extend({ email: z.string() }) },
    errors: { 400: "The token is unknown, used or expired (under `token`)", 409: "Another account took the address meanwhile (under `email`)" },
    fixture: {
      matrix: { status: 400, body: { token: "not-a-real-token" } },
      fuzz: { valid: { token: "not-a-real-token" } },
    },
  }),
  op("GET /api/account/passkeys", {
    summary: "The account's passkeys (name, created, last used), newest first",
    access: member,
    paging: { unpaged: "at most 20 passkeys an account" },
    ok: { description: "The passkeys", schema: z.object({ passkeys: z.array(passkeySchema) }) },
    errors: { 403: "A guest account" },
    fixture: { matrix: {} },
  }),
  op("POST /api/account/passkeys/options", {
    summary:
      "Start adding a passkey, confirmed afresh with the account's password or an existing passkey's answer to a sign-in challenge: the options for navigator.credentials.create(), with a single-use challenge that lives 5 minutes (the confirmation's window)",
    access: member,
    body: passkeyOptionsSchema,
    ok: { description: "The creation options", schema: optionsSchema },
    errors: {
      400: "No password or a wrong one (under `password`), or a passkey answer that is not one of the account's or does not verify (under `credential`)",
      409: "The account already holds 20 passkeys",
      429: "Too many wrong passwords: wait",
    },
    fixture: {
      matrix: { body: { password: "$ownerPassword" } },
      fuzz: { valid: { password: "wrong horse battery" } },
    },
  }),
  op("POST /api/account/passkeys", {
    summary:
      "Keep a new passkey: the browser's answer to this account's creation challenge (given after a confirmation under 5 minutes old), verified, with its name; the account is mailed that a passkey was added",
    access: member,
    body: passkeyRegistrationSchema,
    ok: { status: 201, description: "The passkey", schema: z.object({ passkey: passkeySchema }) },
    errors: { 400: "The challenge is unknown, used or expired, or the answer does not verify (under `credential`)", 409: "Already registered" },
    fixture: {
      matrix: { status: 400, body: { name: "Matrix key", credential: BOGUS_CREDENTIAL } },
      fuzz: { valid: { name: "Fuzz key", credential: BOGUS_CREDENTIAL } },
    },
  }),
  op("DELETE /api/account/passkeys/{id}", {
    summary: "Remove one of the account's passkeys",
    access: author,
    ok: { description: "Removed", schema: messageSchema },
    errors: { 404: "Not one of the account's passkeys" },
    fixture: { matrix: { fresh: true, path: { id: "$passkey" } } },
  }),
  op("POST /api/auth/passkey/options", {
    summary: "Start signing in with a passkey: the options for navigator.credentials.get(), with a single-use challenge (5 minutes)",
    access: anyone,
    ok: { description: "The request options", schema: optionsSchema },
    fixture: { matrix: {} },
  }),
  op("POST /api/auth/passkey", {
    summary: "Sign in with a passkey: the browser's answer to a sign-in challenge",
    access: anyone,
    body: passkeyLoginSchema,
    ok: { description: "The user, signed in", schema: userSchema },
    errors: {
      400: "The challenge is unknown, used or expired (under `credential`)",
      401: "The passkey is not registered, or its answer does not verify",
      403: "The account's sign-in is suspended by Nosh",
    },
    fixture: {
      matrix: { status: 400, body: { credential: BOGUS_CREDENTIAL } },
      fuzz: { valid: { credential: BOGUS_CREDENTIAL } },
    },
  }),
];
