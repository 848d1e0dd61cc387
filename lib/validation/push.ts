import { z } from "zod";
import { PUSH_ENDPOINT_HTTPS } from "@/lib/shared/messages";

// POST /api/push/subscriptions: a browser's PushSubscription as its toJSON() gives it
// ({ endpoint, expirationTime, keys: { p256dh, auth } }; docs/architecture/web-push.md "Web push").
// The keys are base64url (padding tolerated): p256dh an uncompressed P-256 point (65 bytes, 0x04
// first), auth 16 random bytes (RFC 8291). The endpoint's host is checked further by the server
// (lib/server/notifications/push.ts endpointProblem: public hosts only).

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (text: string): Buffer | null => (BASE64URL.test(text) ? Buffer.from(text.replace(/=+$/, ""), "base64url") : null);

export const PUSH_ENDPOINT_MAX = 2048;

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string(PUSH_ENDPOINT_HTTPS)
    .max(PUSH_ENDPOINT_MAX, `endpoint may be at most ${PUSH_ENDPOINT_MAX} characters`)
    .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", PUSH_ENDPOINT_HTTPS),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string("keys.p256dh must be a base64url P-256 public key").refine((value) => {
        const bytes = bytesOf(value);
        return bytes?.length === 65 && bytes[0] === 4;
      }, "keys.p256dh must be a base64url P-256 public key (65 bytes)"),
      auth: z.string("keys.auth must be base64url, 16 bytes").refine((value) => bytesOf(value)?.length === 16, "keys.auth must be base64url, 16 bytes"),
    },
    "keys must be an object with p256dh and auth",
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
