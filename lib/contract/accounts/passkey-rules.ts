import { z } from "zod";
import { said } from "@/lib/shared/words/said";

// Passkeys' and email verification's inputs (docs/architecture/accounts-security.md). A
// credential is the browser's PublicKeyCredential as JSON (base64url fields), which
// @simplewebauthn/server verifies; here only its shape and sizes are checked.

const b64url = (field: string, max: number) =>
  z
    .string(said("rules.common.base64url", { field }))
    .max(max, said("rules.common.tooLong", { field }))
    .regex(/^[A-Za-z0-9_-]*$/, said("rules.common.base64url", { field }));

const credentialResponse = z.looseObject({
  clientDataJSON: b64url("credential.response.clientDataJSON", 4096),
  attestationObject: b64url("credential.response.attestationObject", 16_384).optional(),
  authenticatorData: b64url("credential.response.authenticatorData", 4096).optional(),
  signature: b64url("credential.response.signature", 1024).optional(),
  userHandle: b64url("credential.response.userHandle", 512).optional(),
  transports: z.array(z.string().max(32)).max(10).optional(),
});

/** A PublicKeyCredential as JSON (registration or authentication). */
export const credentialSchema = z.object(
  {
    id: b64url("credential.id", 1024).min(1, said("messages.required", { label: "credential.id" })),
    rawId: b64url("credential.rawId", 1024),
    type: z.literal("public-key", said("rules.passkeys.type")),
    response: credentialResponse,
    clientExtensionResults: z.looseObject({}).optional().default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  },
  said("rules.passkeys.credential"),
);

export const PASSKEY_NAME_MAX = 60;

/** POST /api/account/passkeys: the new passkey's name and the browser's answer. */
export const passkeyRegistrationSchema = z.object({
  name: z
    .string(said("messages.notText", { label: "name" }))
    .trim()
    .min(1, said("rules.passkeys.name"))
    .max(PASSKEY_NAME_MAX, said("rules.passkeys.nameMax", { max: PASSKEY_NAME_MAX })),
  credential: credentialSchema,
});

/**
 * POST /api/account/passkeys/options: the confirmation that unlocks adding a passkey, the account's
 * password or an existing passkey's answer to a sign-in challenge (POST /api/auth/passkey/options).
 * Neither is a 400 naming `password` (the server's check, lib/server/accounts/passkeys.ts).
 */
export const passkeyOptionsSchema = z.object({
  password: z
    .string(said("messages.notText", { label: "password" }))
    .max(1024, said("rules.common.tooLong", { field: "password" }))
    .optional(),
  credential: credentialSchema.optional(),
});

/** "Log out everywhere" and a password reset: whether every passkey of the account goes too. */
export const removePasskeysField = z
  .boolean(said("rules.common.trueOrFalse", { field: "removePasskeys" }))
  .optional()
  .default(false);

/** POST /api/auth/logout-everywhere: optionally removing the account's passkeys too (an empty body keeps them). */
export const logoutEverywhereSchema = z.object({ removePasskeys: removePasskeysField });

/** POST /api/auth/passkey: the browser's answer to a sign-in challenge. */
export const passkeyLoginSchema = z.object({ credential: credentialSchema });

/** POST /api/auth/verify-email: a verification link's token. */
export const verifyEmailSchema = z.object({ token: z.string(said("messages.notText", { label: "token" })).max(200, said("rules.common.tooLong", { field: "token" })) });
