import { z } from "zod";
import { said } from "@/lib/shared/words/said";

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
    .string(said("messages.pushEndpoint"))
    .max(PUSH_ENDPOINT_MAX, said("rules.push.endpointMax", { max: PUSH_ENDPOINT_MAX }))
    .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", said("messages.pushEndpoint")),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string(said("rules.push.p256dh")).refine((value) => {
        const bytes = bytesOf(value);
        return bytes?.length === 65 && bytes[0] === 4;
      }, said("rules.push.p256dhBytes")),
      auth: z.string(said("rules.push.auth")).refine((value) => bytesOf(value)?.length === 16, said("rules.push.auth")),
    },
    said("rules.push.keys"),
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
