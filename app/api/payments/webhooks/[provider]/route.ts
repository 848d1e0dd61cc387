import { handleWebhook } from "@/lib/server/payments/webhooks";
import { signatureHeaderOf } from "@/lib/server/payments/providers/select";
import { applyPayoutWebhook } from "@/lib/server/payouts/webhook";
import { handle } from "@/lib/server/web/handle";
import { MAX_JSON_BYTES, jsonTooLarge, readCapped } from "@/lib/server/web/body";

// The signature is the event's authority, over its raw bytes: the handler reads them itself.
export const POST = handle(
  "POST /api/payments/webhooks/{provider}",
  async ({ request, params }) => {
    const raw = new TextDecoder().decode(await readCapped(request, MAX_JSON_BYTES, jsonTooLarge));
    const result = await handleWebhook(params.provider, raw, request.headers.get(signatureHeaderOf(params.provider)), new Date(), applyPayoutWebhook);
    return { received: true, duplicate: !result.handled };
  },
  { body: "handler" },
);
