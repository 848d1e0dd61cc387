import { json, MAX_JSON_BYTES, jsonTooLarge, readCapped, route } from "@/lib/server/web/http";
import { handleWebhook } from "@/lib/server/payments/webhooks";
import { SIGNATURE_HEADER } from "@/lib/server/payments/test-provider";

// POST /api/payments/webhooks/{provider} - a payment provider's signed event (no session: the
// signature is its authority): 400 on a bad signature; an event id seen before changes nothing.
export const POST = route<{ provider: string }>(
  async (request, params) => {
    const raw = new TextDecoder().decode(await readCapped(request, MAX_JSON_BYTES, jsonTooLarge));
    const result = await handleWebhook(params.provider, raw, request.headers.get(SIGNATURE_HEADER));
    return json({ received: true, duplicate: !result.handled });
  },
  { body: "handler", signedLink: true },
);
