import { createECDH, randomBytes, randomUUID } from "node:crypto";

// Browser push subscriptions as a test makes them (docs/architecture/web-push.md "Web push"):
// real P-256 keys and a 16-byte auth secret, and an endpoint on a public-looking push host that the
// server accepts but never reaches in these tests (nothing is sent without an order step).

/** The body of POST /api/push/subscriptions for a new, made-up device (PushSubscription.toJSON()). */
export function pushSubscriptionBody(endpoint = `https://push.example.com/send/${randomUUID()}`) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") } };
}
