import { createHmac, randomBytes } from "node:crypto";

// Standard Webhooks signatures (https://www.standardwebhooks.com, docs/architecture/webhooks.md):
// a secret is `whsec_` and base64 of 24 random bytes; a message is signed as HMAC-SHA256 of
// "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes, sent as
// `webhook-signature: v1,<base64>`. While a rotated secret overlaps, both signatures are sent,
// space-separated. No server-only import: the e2e suite's receivers verify with it.

export const SECRET_PREFIX = "whsec_";

/** A new endpoint secret. */
export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(24).toString("base64");

/** The bytes a secret keys the HMAC with (the base64 after `whsec_`). */
const keyOf = (secret: string) => Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");

/** `v1,<base64>`: one secret's signature of the message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The three headers of a message, signed with every secret given (the current one first). */
export function webhookHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(" "),
  };
}

/** Whether any `v1` signature of the header is the secret's (a receiver's check; the tests verify with it). */
export function verifyWebhook(secret: string, headers: Record<string, string | undefined>, body: string): boolean {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  if (!id || !Number.isInteger(timestamp)) return false;
  const expected = signWebhook(secret, id, timestamp, body);
  return (headers["webhook-signature"] ?? "").split(" ").includes(expected);
}
